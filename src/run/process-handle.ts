import type { Readable, Writable } from 'node:stream';
import { constants } from 'node:os';
import type { RecordWriter } from '../store/index.js';
import type { LaunchedProcess, Launcher, ProcessExit, RunGroup } from '../process/launcher.js';
import { localLauncher } from '../process/local-launcher.js';
import { StreamCapture } from './stream-capture.js';

/** How a process ended, before any interpretation. */
export interface ProcessOutcome {
  exit: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  canceled: boolean;
  ms: number;
  /** Processes left running after the main one exited (killed, or kept for jobs). */
  leftoverPids: number[];
  /** Processes that had left the group (setsid) and were found by the run tag after a kill. */
  escapeePids: number[];
  /** The leftovers were kept running (a job's orphans, a detached run's), not stopped. */
  leftoversKept: boolean;
  /** Why no exit status came back from the executor's target (the container stopped, the connection dropped). */
  lost?: string;
  /** The launcher lost the process before its status was known. */
  error?: string;
  /** Something to tell the caller once (a launcher's fallback). */
  notice?: string;
}

export interface StartRequest {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  runTag: string;
  record: RecordWriter;
  input?: Buffer | undefined;
  /** Keep stdin open for writing (background jobs). */
  stdinPipe?: boolean;
  timeoutMs: number;
  killGraceMs: number;
  signal?: AbortSignal | undefined;
  headBytes: number;
  ringBytes: number;
  /** After the main process exits: kill what is left of its group, or keep it and report it. */
  leftovers: 'kill' | 'keep';
  /** Not tied to the host: neither its exit nor its death (SIGKILL included) kills this run. @defaultValue false */
  detached?: boolean;
  /** `file` was found executable already (its launcher need not look again). */
  found?: boolean | undefined;
  /** Where and how the process starts. @defaultValue the local launcher */
  launcher?: Launcher | undefined;
}

const DRAIN_GRACE_MS = 100;

function ended(stream: Readable | null): Promise<void> {
  if (!stream || stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', resolve);
    stream.once('end', resolve);
  });
}

/** True when `promise` settles within `ms`; the timer goes either way (a run would otherwise leave one behind). */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}

/** A started process: its captures, its stdin, and a promise of its outcome. */
export class ProcessHandle {
  readonly pid: number;
  readonly startedAt: number;
  readonly stdout: StreamCapture;
  readonly stderr: StreamCapture;
  readonly stdin: Writable | null;
  readonly done: Promise<ProcessOutcome>;
  /** Resolves when both output pipes have closed (later than `done` when kept leftovers hold them). */
  readonly streamsClosed: Promise<void>;
  private streamsEnded = false;
  private timedOut = false;
  private canceled = false;
  private terminating: Promise<void> | undefined;
  private exited = false;
  readonly group: RunGroup;
  private leftoverMode: 'kill' | 'keep';
  /** Unties the run from the host's life; a job calls it once its leftovers are gone too. */
  readonly release: () => void;

  private readonly notice: string | undefined;

  private constructor(
    private readonly request: StartRequest,
    launched: LaunchedProcess,
    startedAt: number,
  ) {
    this.group = launched.group;
    this.notice = launched.notice;
    const release = (): void => launched.release();
    this.release = release; // from a name: see docs/style.md, on function literals assigned to properties
    this.leftoverMode = request.leftovers;
    this.pid = launched.pid;
    this.startedAt = startedAt;
    this.stdout = new StreamCapture(request.record.stdout, request.headBytes, request.ringBytes);
    this.stderr = new StreamCapture(request.record.stderr, request.headBytes, request.ringBytes);
    this.stdout.attach(launched.stdout);
    this.stderr.attach(launched.stderr);
    this.stdin = launched.stdin;
    this.stdin?.on('error', () => undefined); // EPIPE: the child exited without reading its input
    if (request.input !== undefined) this.stdin?.end(request.input);
    const exit = launched.exit.then((outcome) => {
      this.exited = true;
      return outcome;
    });
    this.streamsClosed = Promise.all([ended(launched.stdout), ended(launched.stderr)]).then(() => {
      this.streamsEnded = true;
    });
    this.done = this.settle(exit, launched.stdout, launched.stderr);
  }

  static async start(request: StartRequest): Promise<ProcessHandle> {
    const startedAt = performance.now();
    const launcher = request.launcher ?? localLauncher;
    const started = await launcher.launch({
      file: request.file,
      args: request.args,
      cwd: request.cwd,
      env: request.env,
      stdin: request.input !== undefined || request.stdinPipe ? 'pipe' : 'ignore',
      tag: request.runTag,
      detached: request.detached === true,
      found: request.found,
    });
    return new ProcessHandle(request, started, startedAt);
  }

  /** From now on, what the main process leaves behind runs on (the run became a job). */
  keepLeftovers(): void {
    this.leftoverMode = 'keep';
  }

  /** Started with `detached: true`: not tied to the host's life. */
  get detached(): boolean {
    return this.request.detached === true;
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Kills every process of the run (TERM, then KILL after the grace, then until none is left), escapees included. */
  terminate(reason: 'timeout' | 'canceled'): Promise<void> {
    if (reason === 'timeout') this.timedOut = true;
    else this.canceled = true;
    this.terminating ??= this.group.terminate(this.request.killGraceMs);
    return this.terminating;
  }

  /** The live processes of the run: its cgroup, or its group, session, descendants and tag. */
  remaining(): Promise<number[]> {
    return this.group.remaining();
  }

  /** Kills what is left of the run (leftovers of a job): TERM, KILL after `graceMs`, until none is left. */
  killRemaining(graceMs: number): Promise<void> {
    return this.group.terminate(graceMs);
  }

  /** Sends a signal to the group and to `pids` (a job's leftovers). */
  signalGroup(signal: NodeJS.Signals, pids: readonly number[] = []): Promise<boolean> {
    if (!(signal in constants.signals)) throw new TypeError(`Expected \`signal\` to be a signal name, got \`${signal}\``);
    return this.group.send(signal, pids);
  }

  private async settle(exit: Promise<ProcessExit>, stdout: Readable, stderr: Readable): Promise<ProcessOutcome> {
    const { signal: abortSignal, timeoutMs } = this.request;
    const timer = setTimeout(() => void this.terminate('timeout'), timeoutMs);
    const onAbort = (): void => void this.terminate('canceled');
    if (abortSignal?.aborted) onAbort();
    else abortSignal?.addEventListener('abort', onAbort, { once: true });
    const { code, signal, lost, error, emptied } = await exit;
    clearTimeout(timer);
    abortSignal?.removeEventListener('abort', onAbort);

    let leftoverPids: number[] = [];
    const kill = this.leftoverMode === 'kill';
    // After a kill, terminate() has swept everything already.
    if (!this.terminating && !emptied) {
      leftoverPids = await this.group.leftovers(this.pid);
      if (leftoverPids.length > 0 && kill) await this.group.signalAll('SIGTERM');
    }
    const drained = this.streamsClosed;
    if (kill && leftoverPids.length > 0) {
      await this.group.waitGone(DRAIN_GRACE_MS, leftoverPids);
      await this.group.kill();
    }
    // Both pipes are usually at their end by the exit already: no timer then.
    const inTime = this.streamsEnded || (await settlesWithin(drained, DRAIN_GRACE_MS));
    if (!inTime && kill) {
      // Whatever still holds the pipes is of the run (an escapee that called setsid included).
      await this.group.kill();
      await settlesWithin(drained, DRAIN_GRACE_MS);
      // Something no mark finds still holds the pipe: stop reading rather than wait on it.
      stdout.destroy();
      stderr.destroy();
    }
    if (this.terminating) await this.terminating;
    const escapeePids = this.timedOut || this.canceled || kill ? [...this.group.escapees] : [];
    // Nothing of the run is left: its cgroup goes back to the kept ones (a read of cgroup.procs) and the helper's
    // watch ends after the result is returned, in a later turn of the loop than the caller's next run starts in;
    // at once when the helper saw the cgroup empty (no read then, and no timer a run).
    if (kill) {
      if (emptied) this.release();
      else setTimeout(this.release, 0);
    }
    return {
      exit: code,
      signal,
      timedOut: this.timedOut,
      canceled: this.canceled,
      ms: Math.round(performance.now() - this.startedAt),
      leftoverPids,
      escapeePids,
      leftoversKept: !kill && leftoverPids.length > 0,
      ...(lost ? { lost } : {}),
      ...(error === undefined ? {} : { error }),
      ...(this.notice === undefined ? {} : { notice: this.notice }),
    };
  }
}
