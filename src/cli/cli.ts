import { readFileSync } from 'node:fs';
import { createShell } from '../shell/index.js';
import { createTools, type ToolDefinition, type ToolShell } from '../tools/index.js';
import { CLI_COMMANDS, type CliCommand } from './commands.js';
import { errorExitStatus, runExitStatus } from './exit-status.js';
import { commandHelp, generalHelp } from './help.js';
import { parseFlags } from './parse-flags.js';
import { pretty, prettyRun } from './pretty.js';
import { readLogs, LOGS_PROPERTIES } from './logs.js';

export interface CliOutput {
  stdout: string;
  stderr: string;
  status: number;
}

export interface CliOptions {
  /** Ends the invocation: a running command is killed (its whole group) and its result printed. */
  signal?: AbortSignal;
  /** Where `run --pretty` writes the output as it comes (a terminal), instead of printing it when the command ends. */
  live?: { stdout(chunk: string): void; stderr(chunk: string): void };
}

/** Runs one CLI invocation; returns what to print and the exit status (never exits the process itself). */
export async function cli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  options: CliOptions = {},
): Promise<CliOutput> {
  const [name, ...rest] = argv;
  if (name === undefined) return { stdout: '', stderr: `${generalHelp()}\n`, status: 2 };
  if (name === '--help' || name === '-h' || name === 'help') return { stdout: `${generalHelp()}\n`, stderr: '', status: 0 };
  if (name === '--version') return { stdout: `${version()}\n`, stderr: '', status: 0 };
  const command = CLI_COMMANDS.find((candidate) => candidate.name === name);
  if (!command)
    return usageError(`Unknown command \`${name}\`; expected one of: ${CLI_COMMANDS.map((c) => c.name).join(', ')}`, false);
  const wantsPretty = rest.includes('--pretty');
  const schemaOnly = createTools(inertShell, { include: [command.tool], descriptions: 'full' })[0] as ToolDefinition;
  const properties = command.name === 'logs' ? LOGS_PROPERTIES : (schemaOnly.inputSchema.properties ?? {});
  let parsed;
  try {
    parsed = parseFlags(rest, properties, { restIsCommand: command.positional === 'rest' });
  } catch (error) {
    return usageError((error as Error).message, wantsPretty);
  }
  if (parsed.global.help) return { stdout: `${commandHelp(command, properties)}\n`, stderr: '', status: 0 };
  const args = positionalArgs(command, parsed.positional, parsed.args);
  if (typeof args === 'string') return usageError(args, parsed.global.pretty);
  let shell;
  try {
    shell = createShell({
      ...(env.TERSH_STORE_DIR ? { storeDir: env.TERSH_STORE_DIR } : {}),
      ...(env.TERSH_CHECKPOINT_DIR ? { checkpointDir: env.TERSH_CHECKPOINT_DIR } : {}),
      cwd: parsed.global.cwd ?? process.cwd(),
      // The CLI's jobs end when it exits: a person's run stays in the foreground.
      defaults: { autoBackgroundAfterMs: 0 },
    });
  } catch (error) {
    return usageError((error as Error).message.replace(/`cwd`/, '`--cwd`'), parsed.global.pretty);
  }
  const stop = (): void => void shell.close();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const tool = createTools(shell, { include: [command.tool], descriptions: 'full' })[0] as ToolDefinition;
    const live = command.name === 'run' && parsed.global.pretty ? options.live : undefined;
    const extra = live ? { onOutput: (chunk: string, stream: 'stdout' | 'stderr') => live[stream](chunk) } : {};
    const body = command.name === 'logs' ? await readLogs(tool, args) : (await tool.handler(args, extra)).structuredContent;
    return present(command, body, parsed.global.pretty, live !== undefined);
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await shell.close();
  }
}

/** Only the schemas are read from it: flags are parsed before the session starts in `--cwd`. */
const inertShell: ToolShell = {
  cwd: '.',
  run: () => Promise.reject(new Error('inert')),
  detail: () => Promise.reject(new Error('inert')),
  read: () => Promise.reject(new Error('inert')),
  plan: () => Promise.reject(new Error('inert')),
  jobs: { logs: () => Promise.reject(new Error('inert')), signal: () => false },
  checkpoint: () => Promise.reject(new Error('inert')),
  restore: () => Promise.reject(new Error('inert')),
  checkpoints: () => Promise.reject(new Error('inert')),
};

function positionalArgs(command: CliCommand, words: string[], args: Record<string, unknown>): Record<string, unknown> | string {
  if (command.positional === 'rest') {
    const jobFlag = ['run_in_background', 'auto_background_after_ms'].find((key) => args[key] !== undefined);
    if (jobFlag) return `\`--${jobFlag.replace(/_/g, '-')}\` is not available here: the CLI's jobs end when it exits`;
    if (words.length === 1) args.command = words[0];
    else if (words.length > 1) args.command = words.map(quoteWord).join(' ');
    return args;
  }
  if (words.length > command.positional.length)
    return `Too many arguments: ${words.slice(command.positional.length).join(' ')}; usage: ${command.usage}`;
  command.positional.forEach((key, index) => {
    if (words[index] !== undefined) args[key] = words[index];
  });
  return args;
}

/** Several words are an argv: each is quoted for the shell where it needs it. */
function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function present(command: CliCommand, body: Record<string, unknown>, readable: boolean, streamed = false): CliOutput {
  const failed = body.error !== undefined && Object.keys(body).length === 1;
  const status = failed ? errorExitStatus(body) : command.name === 'run' ? runExitStatus(body) : 0;
  if (!readable) return { stdout: `${JSON.stringify(body)}\n`, stderr: '', status };
  if (failed)
    return { stdout: '', stderr: `tersh ${command.name}: ${String((body.error as { message?: string }).message)}\n`, status };
  if (command.name === 'run') return { ...prettyRun(body, streamed), status };
  if (command.name === 'detail' && typeof body.text === 'string')
    return { stdout: body.text.endsWith('\n') || body.text === '' ? body.text : `${body.text}\n`, stderr: '', status };
  return { stdout: `${pretty(body)}\n`, stderr: '', status };
}

function usageError(message: string, readable: boolean): CliOutput {
  if (readable) return { stdout: '', stderr: `tersh: ${message}\n`, status: 2 };
  return { stdout: `${JSON.stringify({ error: { type: 'TypeError', message } })}\n`, stderr: '', status: 2 };
}

export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}
