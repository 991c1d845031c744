import { requiredString } from '../validate.js';
import type { RecordWriter } from '../store/index.js';
import { buildChildEnv } from './child-env.js';
import { defaultRecordStore } from './default-store.js';
import { idleSleepRefusal } from './idle-sleep.js';
import { ProcessHandle, type ProcessOutcome } from './process-handle.js';
import { resolveCommand, type ResolvedCommand } from './resolve-command.js';
import { normalizeRunOptions, type NormalizedRunOptions, type RunOptions } from './run-options.js';
import type { RunResult } from './run-result.js';
import { streamView, type StreamView } from './stream-view.js';
import { interpretOutcome } from './interpret-outcome.js';

const MAX_COMMAND_LENGTH = 1_000_000;

export function validateCommand(command: unknown): string {
  const value = requiredString('command', command, { nonEmpty: true, maxLength: MAX_COMMAND_LENGTH });
  if (value.includes('\0')) throw new TypeError('Expected `command` to contain no NUL byte');
  if (value.trim() === '') throw new TypeError('Expected `command` to be a non-blank string');
  return value;
}

/**
 * Runs a command and resolves with its quiet result; never rejects for what the command did
 * (a failure, a timeout, a refusal are all data). Throws a TypeError for invalid options.
 * @public
 */
export async function run(command: string, options: RunOptions = {}): Promise<RunResult> {
  const text = validateCommand(command);
  const opts = normalizeRunOptions(options);
  const store = opts.store ?? defaultRecordStore();
  const record = store.create({ command: text, cwd: opts.cwd });
  const started = performance.now();

  const refusal = opts.allowIdleSleep ? undefined : idleSleepRefusal(text);
  if (refusal) return refuse(record, started, refusal);

  const env = buildChildEnv(process.env, opts.env, record.id);
  let resolved: ResolvedCommand;
  try {
    resolved = resolveCommand(text, { shell: opts.shell, pipefail: opts.pipefail, env });
  } catch (error) {
    await record.finish({ exit: null, error: (error as Error).message });
    throw error;
  }
  return execute(text, resolved, env, record, opts);
}

async function refuse(record: RecordWriter, started: number, hint: string): Promise<RunResult> {
  await record.finish({ exit: null, blocked: true, hint });
  return { id: record.id, exit: null, ok: false, ms: Math.round(performance.now() - started), shellKind: 'direct', blocked: true, hint };
}

async function execute(
  command: string,
  resolved: ResolvedCommand,
  env: NodeJS.ProcessEnv,
  record: RecordWriter,
  opts: NormalizedRunOptions,
): Promise<RunResult> {
  let handle: ProcessHandle;
  try {
    handle = await ProcessHandle.start({
      ...resolved,
      cwd: opts.cwd,
      env,
      runTag: record.id,
      record,
      input: opts.input,
      timeoutMs: opts.timeoutMs,
      killGraceMs: opts.killGraceMs,
      signal: opts.signal,
      headBytes: opts.inlineMaxBytes,
      ringBytes: Math.max(opts.ringBytes, opts.inlineMaxBytes),
      leftovers: 'kill',
    });
  } catch (error) {
    const message = `Could not start ${resolved.file}: ${(error as Error).message}`;
    await record.finish({ exit: null, shellKind: resolved.shellKind, error: message });
    return { id: record.id, exit: null, ok: false, ms: 0, shellKind: resolved.shellKind, status: 'error', message };
  }
  const outcome = await handle.done;
  const stdout = streamView(handle.stdout.result(opts.inlineMaxBytes), 'stdout', record.id, opts.inlineMaxBytes, opts.encoding);
  const stderr = streamView(handle.stderr.result(opts.inlineMaxBytes), 'stderr', record.id, opts.inlineMaxBytes, opts.encoding);
  const result = assemble(command, record.id, resolved, outcome, stdout, stderr);
  await record.finish({
    pid: handle.pid,
    exit: outcome.exit,
    signal: outcome.signal,
    ms: outcome.ms,
    stdoutLines: stdout.lines,
    stderrLines: stderr.lines,
    shellKind: resolved.shellKind,
    ...(outcome.timedOut ? { timedOut: true } : {}),
    ...(outcome.canceled ? { canceled: true } : {}),
    ok: result.ok,
    status: result.status,
    message: result.message,
  });
  return result;
}

function assemble(command: string, id: string, resolved: ResolvedCommand, outcome: ProcessOutcome, stdout: StreamView, stderr: StreamView): RunResult {
  const meaning = interpretOutcome(command, outcome, stderr.text);
  const result: RunResult = { id, exit: outcome.exit, ok: meaning.ok, ms: outcome.ms, shellKind: resolved.shellKind };
  if (meaning.status !== (outcome.exit === 0 ? 'ok' : 'error') || meaning.message) result.status = meaning.status;
  if (meaning.message) result.message = meaning.message;
  addStream(result, 'stdout', stdout);
  addStream(result, 'stderr', stderr);
  if (outcome.timedOut) result.timedOut = true;
  if (outcome.canceled) result.canceled = true;
  if (outcome.signal) result.signal = outcome.signal;
  const hints = [meaning.hint, leftoverHint(outcome)].filter(Boolean);
  if (hints.length > 0) result.hint = hints.join(' ');
  return result;
}

function addStream(result: RunResult, name: 'stdout' | 'stderr', view: StreamView): void {
  if (view.text !== '') result[name] = view.text;
  if (view.truncatedBytes > 0) result[`${name}TruncatedBytes`] = view.truncatedBytes;
  if (view.isBinary) result[`${name}Binary`] = true;
  if (view.truncatedBytes > 0 && !view.isBinary) result[`${name}Lines`] = view.lines;
}

function leftoverHint(outcome: ProcessOutcome): string | undefined {
  const pids = [...new Set([...outcome.leftoverPids, ...outcome.escapeePids])];
  if (pids.length === 0) return undefined;
  const one = pids.length === 1;
  const what = outcome.timedOut || outcome.canceled
    ? `${one ? 'was' : 'were'} killed with the run`
    : `${one ? 'was' : 'were'} still running after the command exited and ${one ? 'was' : 'were'} stopped`;
  return `${pids.length} background process${one ? '' : 'es'} (pid ${pids.join(', ')}) ${what}; start long-lived processes with background: true.`;
}
