import type { Readable, Writable } from 'node:stream';
import { constants } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { RecordWriter } from '../store/index.js';
import { spawnChild } from './spawn-child.js';
import { StreamCapture } from './stream-capture.js';
import { scanProcesses, groupAlive, killPids, signalGroup, terminateRun } from './process-group.js';

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
}

const DRAIN_GRACE_MS = 100;


function ended(stream: Readable | null): Promise<void> {
  if (!stream || stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', resolve);
    stream.once('end', resolve);
  });
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
  private timedOut = false;
  private canceled = false;
  private terminating: Promise<number[]> | undefined;
  private exited = false;

  private constructor(private readonly request: StartRequest, child: Awaited<ReturnType<typeof spawnChild>>, startedAt: number) {
    this.pid = child.pid;
    this.startedAt = startedAt;
    this.stdout = new StreamCapture(request.record.stdout, request.headBytes, request.ringBytes);
    this.stderr = new StreamCapture(request.record.stderr, request.headBytes, request.ringBytes);
    this.stdout.attach(child.child.stdout!);
    this.stderr.attach(child.child.stderr!);
    this.stdin = child.child.stdin;
    this.stdin?.on('error', () => undefined); // EPIPE: the child exited without reading its input
    if (request.input !== undefined) this.stdin?.end(request.input);
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      child.child.once('exit', (code, signal) => {
        this.exited = true;
        resolve({ code, signal });
      });
    });
    this.streamsClosed = Promise.all([ended(child.child.stdout), ended(child.child.stderr)]).then(() => undefined);
    this.done = this.settle(exit, child.child.stdout!, child.child.stderr!);
  }

  static async start(request: StartRequest): Promise<ProcessHandle> {
    const startedAt = performance.now();
    const child = await spawnChild({
      file: request.file,
      args: request.args,
      cwd: request.cwd,
      env: request.env,
      stdin: request.input !== undefined || request.stdinPipe ? 'pipe' : 'ignore',
    });
    return new ProcessHandle(request, child, startedAt);
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Kills the whole group (TERM, then KILL after the grace) and any tagged escapees. */
  terminate(reason: 'timeout' | 'canceled'): Promise<number[]> {
    if (reason === 'timeout') this.timedOut = true;
    else this.canceled = true;
    this.terminating ??= terminateRun(this.pid, this.request.runTag, this.request.killGraceMs);
    return this.terminating;
  }

  /** Sends a signal to every process of the group. */
  signalGroup(signal: NodeJS.Signals): boolean {
    if (!(signal in constants.signals)) throw new TypeError(`Expected \`signal\` to be a signal name, got \`${signal}\``);
    return signalGroup(this.pid, signal);
  }

  private async settle(
    exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
    stdout: Readable,
    stderr: Readable,
  ): Promise<ProcessOutcome> {
    const { signal: abortSignal, timeoutMs } = this.request;
    const timer = setTimeout(() => void this.terminate('timeout'), timeoutMs);
    const onAbort = (): void => void this.terminate('canceled');
    if (abortSignal?.aborted) onAbort();
    else abortSignal?.addEventListener('abort', onAbort, { once: true });
    const { code, signal } = await exit;
    clearTimeout(timer);
    abortSignal?.removeEventListener('abort', onAbort);

    let leftoverPids: number[] = [];
    // After a kill, terminateRun has swept the group and the escapees already.
    if (!this.terminating && (await groupAlive(this.pid))) {
      const scan = await scanProcesses(this.pid, this.request.runTag);
      leftoverPids = [...new Set([...scan.groupMembers, ...scan.tagged])].sort((a, b) => a - b);
      if (this.request.leftovers === 'kill') {
        signalGroup(this.pid, 'SIGTERM');
        killPids(leftoverPids, 'SIGTERM');
      }
    }
    const drained = Promise.all([ended(stdout), ended(stderr)]);
    const inTime = await Promise.race([drained.then(() => true), delay(DRAIN_GRACE_MS).then(() => false)]);
    if (!inTime) {
      if (this.request.leftovers === 'kill') {
        // Whatever still holds the pipes (an escapee that called setsid included) carries the run tag.
        const holders = (await scanProcesses(undefined, this.request.runTag)).tagged;
        leftoverPids = [...new Set([...leftoverPids, ...holders])].sort((a, b) => a - b);
        signalGroup(this.pid, 'SIGKILL');
        killPids(leftoverPids, 'SIGKILL');
        await Promise.race([drained, delay(DRAIN_GRACE_MS)]);
        // An escapee still holds the pipe: stop reading rather than wait on it.
        stdout.destroy();
        stderr.destroy();
      }
    }
    if (this.request.leftovers === 'kill' && leftoverPids.length > 0 && (await groupAlive(this.pid))) signalGroup(this.pid, 'SIGKILL');
    const escapeePids = this.terminating ? await this.terminating : [];
    return {
      exit: code,
      signal,
      timedOut: this.timedOut,
      canceled: this.canceled,
      ms: Math.round(performance.now() - this.startedAt),
      leftoverPids,
      escapeePids,
    };
  }
}
