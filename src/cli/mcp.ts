import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { PolicyOptions } from '../plan/index.js';
import { prepareSpawner } from '../run/index.js';
import { createShell, type ShellOptions } from '../shell/index.js';
import { createTools, TOOL_NAMES, type CreateToolsOptions, type ToolName } from '../tools/index.js';
import { serveMcp } from './mcp-protocol.js';

export const MCP_HELP = [
  'Serve the sh_* tools over MCP (stdio, newline-delimited JSON-RPC) until the client goes away.',
  '',
  'Usage: tersh mcp [--cwd <dir>] [--sandbox] [--policy <file.json>] [--include <tool,...>] [--dialect claude-code] [--format text]',
  '',
  'Options:',
  '  --cwd <dir>             Folder the session starts in (default: the current folder)',
  '  --sandbox               Confine every run (bubblewrap / sandbox-exec); a call cannot lift it',
  '  --policy <file.json>    Allow/deny rules, as createPolicy() takes them: {"deny":["rm -rf"],"mode":"enforce"}',
  `  --include <tools>       Comma-separated subset of: ${TOOL_NAMES.join(', ')}`,
  "  --dialect <name>        tersh (default) or claude-code: sh_run results also carry Bash's interrupted, returnCodeInterpretation…",
  '  --format <name>         json (default) or text: sh_run answers in terse [exit:N] text',
  '  --allow-dangerously-disable-sandbox   Let a call lift --sandbox with dangerouslyDisableSandbox: true',
  '',
  "A cancelled call, or a client that disconnects, kills the running command's process group.",
  'Client configuration: { "mcpServers": { "tersh": { "command": "npx", "args": ["tersh", "mcp", "--cwd", "/path"] } } }',
].join('\n');

interface McpSettings {
  shell: ShellOptions;
  include: ToolName[] | undefined;
  tools: Pick<CreateToolsOptions, 'dialect' | 'format'>;
}

const CHOICES = { '--dialect': ['tersh', 'claude-code'], '--format': ['json', 'text'] } as const;

/** The flags of `tersh mcp` as shell options; a string is a usage error. */
export function parseMcpFlags(argv: readonly string[], env: NodeJS.ProcessEnv): McpSettings | 'help' | string {
  const shell: ShellOptions = {
    ...(env.TERSH_STORE_DIR ? { storeDir: env.TERSH_STORE_DIR } : {}),
    ...(env.TERSH_CHECKPOINT_DIR ? { checkpointDir: env.TERSH_CHECKPOINT_DIR } : {}),
  };
  let include: ToolName[] | undefined;
  const tools: McpSettings['tools'] = {};
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = splitFlag(argv[index]!);
    const value = (): string | undefined => inline ?? argv[++index];
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--sandbox') {
      if (inline !== undefined && inline !== 'true' && inline !== 'false')
        return `Expected \`--sandbox\` to be true or false, got \`${inline}\``;
      if (inline !== 'false') shell.sandbox = true;
    } else if (flag === '--allow-dangerously-disable-sandbox') {
      shell.allowDangerouslyDisableSandbox = true;
    } else if (flag === '--dialect' || flag === '--format') {
      const choice = value();
      const allowed: readonly string[] = CHOICES[flag];
      if (!choice || !allowed.includes(choice))
        return `Expected \`${flag}\` to be one of ${allowed.join(', ')}, got \`${choice ?? ''}\``;
      if (flag === '--dialect') tools.dialect = choice as NonNullable<CreateToolsOptions['dialect']>;
      else tools.format = choice as NonNullable<CreateToolsOptions['format']>;
    } else if (flag === '--cwd') {
      const dir = value();
      if (!dir) return 'Expected `--cwd` to be followed by a folder';
      shell.cwd = dir;
    } else if (flag === '--policy') {
      const file = value();
      if (!file) return 'Expected `--policy` to be followed by a JSON file';
      try {
        shell.policy = JSON.parse(readFileSync(file, 'utf8')) as PolicyOptions;
      } catch (error) {
        return `Could not read the policy \`${file}\`: ${(error as Error).message}`;
      }
    } else if (flag === '--include') {
      const names = value()
        ?.split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      if (!names?.length) return 'Expected `--include` to be followed by tool names';
      const unknown = names.find((name) => !TOOL_NAMES.includes(name as ToolName));
      if (unknown) return `Unknown tool \`${unknown}\` in \`--include\`; expected some of: ${TOOL_NAMES.join(', ')}`;
      include = [...(include ?? []), ...(names as ToolName[])];
    } else {
      return `Unknown option \`${argv[index]}\`; expected one of: --cwd, --sandbox, --policy, --include, --dialect, --format, --allow-dangerously-disable-sandbox, --help`;
    }
  }
  return { shell, include, tools };
}

function splitFlag(word: string): [string, string | undefined] {
  const at = word.indexOf('=');
  return word.startsWith('--') && at > 0 ? [word.slice(0, at), word.slice(at + 1)] : [word, undefined];
}

/**
 * `tersh mcp`: serves the tools until the input ends (or `stop` fires), then ends every running
 * command and closes the shell. Resolves with the exit status.
 */
export async function mcpMain(
  argv: readonly string[],
  io: { input: Readable; output: Writable; errors: Writable; env: NodeJS.ProcessEnv; stop?: AbortSignal; version: string },
): Promise<number> {
  const settings = parseMcpFlags(argv, io.env);
  if (settings === 'help') return (void io.output.write(`${MCP_HELP}\n`), 0);
  if (typeof settings === 'string') return (void io.errors.write(`tersh mcp: ${settings}\n`), 2);
  let shell;
  try {
    shell = createShell(settings.shell);
  } catch (error) {
    io.errors.write(`tersh mcp: ${(error as Error).message.replace(/`cwd`/, '`--cwd`')}\n`);
    return 2;
  }
  // A server lives long and grows: its helper boots now, while the process is small (its one fork is cheap then).
  const { spawner } = settings.shell;
  void prepareSpawner(spawner === undefined ? undefined : { spawner }).catch(() => undefined);
  const tools = createTools(shell, { ...settings.tools, ...(settings.include ? { include: settings.include } : {}) });
  const connection = serveMcp(tools, io, { name: 'tersh', version: io.version });
  io.stop?.addEventListener('abort', () => connection.close(), { once: true });
  await connection.closed;
  await shell.close();
  return 0;
}
