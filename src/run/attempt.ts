import { startRecord, type RecordStore } from '../store/index.js';
import { isTershError } from '../errors.js';
import type { JobAdopter } from '../jobs/job-host.js';
import { prepareCommand } from './attempt-command.js';
import { shellInTarget } from './run-target.js';
import { launcherFor } from '../process/warm/choose-launcher.js';
import { ProcessHandle } from './process-handle.js';
import { reportProgress } from './progress.js';
import { feedLiveOutput } from './live-output.js';
import { missingProgram, resolveCommand, type ResolvedCommand } from './resolve-command.js';
import type { NormalizedRunOptions } from './run-options.js';
import type { RunResult } from '../result/run-result.js';
import { buildResult, type FinishedRun } from './build-result.js';

export interface AttemptContext {
  store: RecordStore;
  /** The job manager, needed only for background and auto-promoted runs. */
  jobs: () => JobAdopter;
}

/** One execution of a command: a record, a process, and its quiet result (or a job id). */
export async function runAttempt(
  command: string,
  opts: NormalizedRunOptions,
  context: AttemptContext,
  extraMeta: Record<string, unknown> = {},
): Promise<FinishedRun> {
  const record = startRecord(context.store, {
    command,
    cwd: opts.cwd,
    ...(opts.description ? { description: opts.description } : {}),
    ...extraMeta,
  });
  const launcher = opts.executor ?? launcherFor(opts.spawner);
  const prepared = await prepareCommand(command, opts, record, launcher);
  const { env, wrapped } = prepared;
  let { resolved } = prepared;
  const jobs = opts.background || opts.autoBackgroundAfterMs !== undefined ? context.jobs() : undefined;
  if (opts.background) jobs!.ensureCapacity();
  const timeoutMs = (opts.background && !opts.timeoutGiven) || opts.unlimited ? jobs!.defaultLifetimeMs : opts.timeoutMs;

  let handle: ProcessHandle;
  const start = (what: ResolvedCommand): Promise<ProcessHandle> =>
    // Named fields, not `{ ...what, cwd, … }`: in Node 20's V8 each property written after a spread of a non-empty
    // object takes a slow path (0.6–1.3 µs each here, 14 of them).
    ProcessHandle.start({
      file: wrapped ? wrapped.file : what.file,
      args: wrapped ? wrapped.args : what.args,
      found: wrapped ? false : what.found,
      cwd: opts.cwd,
      env,
      runTag: record.id,
      record,
      input: opts.input,
      stdinPipe: opts.stdin === 'pipe',
      timeoutMs,
      killGraceMs: opts.killGraceMs,
      signal: opts.signal,
      headBytes: opts.inlineMaxBytes,
      ringBytes: Math.max(opts.ringBytes, opts.inlineMaxBytes),
      // A run promoted to a job keeps its leftovers from then on (keepLeftovers below).
      leftovers: opts.background || opts.detached ? 'keep' : 'kill',
      detached: opts.detached,
      launcher,
    });
  try {
    handle = await start(resolved).catch(async (error: NodeJS.ErrnoException) => {
      // A plain command goes direct without a lookup (over an executor, and on a POSIX host): a missing program gets
      // the shell's exit 127 (126 for one not executable), as if it had been looked up first.
      const lookedUp = opts.executor ? error.code !== 'ENOENT' : resolved.found !== false || !missingProgram(error);
      if (lookedUp || resolved.shellKind !== 'direct' || opts.argv || opts.shell === false || prepared.sandboxedInTarget)
        throw error;
      resolved = opts.executor
        ? await shellInTarget(command, opts, env, opts.executor)
        : resolveCommand(command, { shell: true, pipefail: opts.pipefail, env });
      return start(resolved);
    });
  } catch (error) {
    // The target's own refusals (unreachable, no such directory there) are thrown as run() throws them locally.
    if (isTershError(error) || error instanceof TypeError) {
      await record.finish({ exit: null, shellKind: resolved.shellKind, error: error.message });
      throw error;
    }
    const message = `Could not start ${resolved.file}: ${(error as Error).message}`;
    await wrapped?.finish();
    await record.finish({ exit: null, shellKind: resolved.shellKind, error: message });
    const result: RunResult = {
      id: record.id,
      exit: null,
      ok: false,
      ms: 0,
      shellKind: resolved.shellKind,
      status: 'error',
      message,
    };
    return { result, stdoutText: '', stderrText: '' };
  }

  const stopProgress = opts.background ? () => undefined : reportProgress(handle, opts.onProgress, opts.progressIntervalMs);
  const live = opts.background
    ? undefined
    : feedLiveOutput({ stdout: handle.stdout, stderr: handle.stderr }, opts.live, opts.encoding);
  const settle = async (emptyRecord: 'finished later' | 'awaited'): Promise<FinishedRun> => {
    const outcome = await handle.done;
    const callbackError = live?.finish();
    const extras = wrapped ? await wrapped.finish() : {};
    const sandboxed = wrapped?.sandboxed || prepared.sandboxedInTarget;
    return buildResult(
      command,
      resolved,
      handle,
      outcome,
      record,
      opts,
      {
        ...(sandboxed ? { sandboxed: true } : {}),
        ...extras,
        ...(callbackError ? { callbackError } : {}),
      },
      emptyRecord,
    );
  };
  const finalize = async (): Promise<RunResult> => (await settle('awaited')).result;
  if (jobs) {
    const promoted = opts.background ? true : await promotedAfter(handle, opts.autoBackgroundAfterMs!);
    if (promoted) {
      handle.keepLeftovers();
      stopProgress();
      live?.stop();
      const autoBackgrounded = !opts.background;
      const jobId = jobs.adopt({
        recordId: record.id,
        command,
        cwd: opts.cwd,
        handle,
        store: context.store,
        autoBackgrounded,
        finalize,
      });
      const result: RunResult = {
        id: record.id,
        exit: null,
        ok: true,
        ms: Math.round(performance.now() - handle.startedAt),
        shellKind: resolved.shellKind,
        pid: handle.pid,
        status: 'running',
        jobId,
      };
      if (autoBackgrounded) result.autoBackgrounded = true;
      if (resolved.shellKind !== 'direct' && opts.shell === undefined && !opts.argv) result.autoShell = true;
      return { result, stdoutText: '', stderrText: '' };
    }
  }
  return settle('finished later');
}

/** True when the process is still running after `ms`. */
async function promotedAfter(handle: ProcessHandle, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)));
  const finished = handle.done.then(() => false);
  const promoted = await Promise.race([expired, finished]);
  clearTimeout(timer);
  return promoted;
}
