import type { JsonSchema } from '../tools/index.js';
import { CLI_COMMANDS, type CliCommand } from './commands.js';

const GLOBAL = [
  '  --cwd <dir>     Folder the session starts in (default: the current folder)',
  '  --pretty        Readable output instead of one line of JSON',
  '  -h, --help      Help for tersh or for a command',
];

export function generalHelp(): string {
  const width = Math.max(...CLI_COMMANDS.map((command) => command.name.length));
  return [
    'tersh: a shell an AI agent can trust, from the terminal.',
    '',
    'Usage: tersh <command> [options]',
    '',
    'Commands:',
    ...CLI_COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    `  ${'mcp'.padEnd(width)}  Serve the sh_* tools over MCP on stdio (\`tersh mcp --help\`)`,
    '',
    'Options:',
    ...GLOBAL,
    '',
    'Output is one line of JSON (snake_case, as the sh_* tools return it). `tersh run` exits with the',
    "command's status (124 on timeout, 128+n on a signal). Records and checkpoints go to the default",
    'stores, or to $TERSH_STORE_DIR and $TERSH_CHECKPOINT_DIR.',
    '',
    'Run `tersh <command> --help` for its options.',
  ].join('\n');
}

export function commandHelp(command: CliCommand, properties: Record<string, JsonSchema>): string {
  const flags = Object.entries(properties)
    .filter(
      ([name]) =>
        !(
          command.positional === 'rest' ? ['command', 'cmd', 'run_in_background', 'auto_background_after_ms'] : command.positional
        ).includes(name) && name !== 'cwd',
    )
    .flatMap(([name, schema]) => flagLines(name, schema));
  return [
    `${command.summary}.`,
    '',
    `Usage: ${command.usage}`,
    ...(command.positional === 'rest'
      ? ['', 'One argument is a command line; several are the words of one command, quoted for you.']
      : []),
    ...(flags.length > 0
      ? ['', 'Options (a flag without a value means true; write --flag=false for false; repeat a flag for a list):', ...flags]
      : []),
    '',
    ...GLOBAL,
    '',
    'Examples:',
    ...command.examples.map((example) => `  ${example}`),
  ].join('\n');
}

function flagLines(name: string, schema: JsonSchema, prefix = ''): string[] {
  const flag = `--${prefix}${name}`.replace(/_/g, '-');
  const objectSchema = [schema, ...(schema.anyOf ?? [])].find((option) => option.type === 'object' && option.properties);
  const own = `  ${`${flag}${valueHint(schema)}`.padEnd(34)} ${schema.description ?? ''}`.trimEnd();
  if (!objectSchema?.properties) return [own];
  const children = Object.entries(objectSchema.properties).flatMap(([child, childSchema]) =>
    flagLines(child, childSchema, `${prefix}${name}_`),
  );
  return schema.anyOf?.some((option) => option.type === 'boolean') ? [own, ...children] : children;
}

function valueHint(schema: JsonSchema): string {
  const types = [schema.type, ...(schema.anyOf ?? []).map((option) => option.type)];
  if (schema.enum) return ` <${schema.enum.join('|')}>`;
  if (types.includes('boolean')) return '';
  if (schema.type === 'object') return ' <NAME=value>';
  if (types.includes('integer')) return ' <n>';
  return ' <text>';
}
