import type { CondenseResult } from '../condense/index.js';
import type { RecordMeta, RecordWriter, StreamFile } from '../store/index.js';
import { interpretOutcome } from './interpret-outcome.js';
import type { ProcessHandle, ProcessOutcome } from './process-handle.js';
import type { ResolvedCommand } from './resolve-command.js';
import type { NormalizedRunOptions } from './run-options.js';
import type { RunResult } from '../result/run-result.js';
import { condenseCaptured } from './stream-condense.js';
import { streamView, type StreamView } from './stream-view.js';
import { readStdoutImage } from './stdout-image.js';

/** The quiet result of a finished process, and the decoded text expectations check. */
export interface FinishedRun {
  result: RunResult;
  stdoutText: string;
  stderrText: string;
  /** The stored stdout when the view left part of it out, and the first bytes its encoding was picked from. */
  storedStdout?: { file: StreamFile; head: Uint8Array; bytes: number };
}

/** Builds the quiet result from a finished process and completes its record. */
export async function buildResult(
  command: string,
  resolved: ResolvedCommand,
  handle: ProcessHandle,
  outcome: ProcessOutcome,
  record: RecordWriter,
  opts: NormalizedRunOptions,
  extras: Pick<RunResult, 'sandboxed' | 'traceSummary' | 'traceUnavailable' | 'callbackError'> = {},
  emptyRecord: 'finished later' | 'awaited' = 'finished later',
): Promise<FinishedRun> {
  const stdoutCaptured = handle.stdout.result(opts.inlineMaxBytes);
  const stderrCaptured = handle.stderr.result(opts.inlineMaxBytes);
  const stdout = streamView(stdoutCaptured, 'stdout', record.id, opts.inlineMaxBytes, opts.encoding);
  const stderr = streamView(stderrCaptured, 'stderr', record.id, opts.inlineMaxBytes, opts.encoding);
  // Object.assign, not spreads: in Node 20's V8 every property written after a spread of a non-empty object (the facts
  // below, the views and hints added to the result later) takes a slow path, 0.6–1.3 µs each here.
  const result: RunResult = Object.assign(assemble(command, record.id, handle, resolved, outcome, stderr, opts), extras);
  if (!opts.full && (stdout.raw !== '' || stderr.raw !== '')) {
    const condensed = await condenseCaptured(
      { view: stdout, captured: stdoutCaptured, file: record.stdout },
      { view: stderr, captured: stderrCaptured, file: record.stderr },
      {
        command,
        exitCode: outcome.exit,
        recordId: record.id,
        mode: opts.condense,
        budgetTokens: opts.budgetTokens,
        encoding: opts.encoding,
      },
    );
    addViews(result, stdout, stderr, condensed);
  } else addViews(result, stdout, stderr);
  const facts = Object.assign({}, extras, {
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
  // A run with no output returns before its record's folder and meta are on disk (the store makes readers of the id
  // wait for them): a disk that refuses them is said by detail() and read() of the id, not in this result. A job's
  // record is awaited: a finished job's record is complete (nothing writes to the store after jobs.close()).
  let meta: RecordMeta | undefined;
  if (record.isEmpty && emptyRecord === 'finished later') record.finishLater(facts);
  else meta = await record.finish(facts);
  const image = await readStdoutImage(stdoutCaptured.head, stdoutCaptured.totalBytes, record.stdout.path);
  if (image) showImage(result, image);
  if (typeof meta?.recordError === 'string') {
    result.recordError = meta.recordError;
    result.recordMissingBytes = Number(meta.recordMissingBytes);
  }
  const finished: FinishedRun = { result, stdoutText: stdout.text, stderrText: stderr.text };
  if (stdout.truncatedBytes > 0)
    finished.storedStdout = { file: record.stdout, head: stdoutCaptured.head, bytes: stdoutCaptured.totalBytes };
  return finished;
}

function assemble(
  command: string,
  id: string,
  handle: ProcessHandle,
  resolved: ResolvedCommand,
  outcome: ProcessOutcome,
  stderr: StreamView,
  opts: NormalizedRunOptions,
): RunResult {
  const meaning =
    outcome.error !== undefined
      ? { ok: false, status: 'error' as const, message: outcome.error }
      : interpretOutcome(command, outcome, stderr.text, {
          pipefail: opts.pipefail && resolved.shellKind === 'bash',
          exitRules: opts.exitRules,
        });
  const result: RunResult = {
    id,
    exit: outcome.exit,
    ok: meaning.ok,
    ms: outcome.ms,
    shellKind: resolved.shellKind,
    pid: handle.pid,
  };
  if (resolved.shellKind !== 'direct' && opts.shell === undefined && !opts.argv) result.autoShell = true;
  if (meaning.status !== (outcome.exit === 0 ? 'ok' : 'error') || meaning.message) result.status = meaning.status;
  if (meaning.message) result.message = meaning.message;
  if (outcome.timedOut) result.timedOut = true;
  if (outcome.canceled) result.canceled = true;
  if (outcome.signal) result.signal = outcome.signal;
  const hints = [meaning.hint, leftoverHint(outcome, opts.detached && !opts.background), outcome.notice].filter(Boolean);
  if (hints.length > 0) result.hint = hints.join(' ');
  return result;
}

/** The views (condensed unless `full`), and the true counts where something was left out. */
function addViews(result: RunResult, stdout: StreamView, stderr: StreamView, condensed?: CondenseResult): void {
  const views = condensed ? { stdout: condensed.stdout, stderr: condensed.stderr } : { stdout: stdout.text, stderr: stderr.text };
  const omitted = { stdout: (condensed?.stdoutOmitted.length ?? 0) > 0, stderr: (condensed?.stderrOmitted.length ?? 0) > 0 };
  for (const name of ['stdout', 'stderr'] as const) {
    const view = name === 'stdout' ? stdout : stderr;
    if (views[name] !== '') result[name] = views[name];
    if (view.truncatedBytes > 0) {
      result[`${name}TruncatedBytes`] = view.truncatedBytes;
      result[`${name}Truncated`] = true;
    }
    if (view.isBinary) result[`${name}Binary`] = true;
    if ((view.truncatedBytes > 0 || omitted[name]) && !view.isBinary) result[`${name}Lines`] = view.lines;
  }
}

/** An image on stdout is returned as one, not as a binary marker or base64 text. */
function showImage(result: RunResult, image: NonNullable<RunResult['stdoutImage']>): void {
  delete result.stdout;
  delete result.stdoutBinary;
  delete result.stdoutTruncatedBytes;
  delete result.stdoutTruncated;
  delete result.stdoutLines;
  result.stdoutImage = image;
}

function leftoverHint(outcome: ProcessOutcome, detachedForeground: boolean): string | undefined {
  if (outcome.leftoverPids.length === 0 && outcome.escapeePids.length === 0) return undefined;
  const pids = [...new Set([...outcome.leftoverPids, ...outcome.escapeePids])].sort((a, b) => a - b);
  const one = pids.length === 1;
  const kept = outcome.leftoversKept && !outcome.timedOut && !outcome.canceled;
  if (kept && detachedForeground) {
    return `${pids.length} process${one ? '' : 'es'} (pid ${pids.join(', ')}) ${one ? 'was' : 'were'} still running after the command exited and ${one ? 'was' : 'were'} left running (detached: true).`;
  }
  if (kept) {
    return `${pids.length} process${one ? '' : 'es'} started by the job (pid ${pids.join(', ')}) outlived its main process and ran on as orphans.`;
  }
  const what =
    outcome.timedOut || outcome.canceled
      ? `${one ? 'was' : 'were'} killed with the run`
      : `${one ? 'was' : 'were'} still running after the command exited and ${one ? 'was' : 'were'} stopped`;
  return `${pids.length} background process${one ? '' : 'es'} (pid ${pids.join(', ')}) ${what}; start long-lived processes with \`background: true\`.`;
}
