import { TershError } from '../errors.js';
import type { AdoptedProcess } from './job-host.js';
import type { JobProcess } from './job-host.js';
import type { RunResult } from '../result/run-result.js';
import { watchOrphans } from './orphans.js';
import type { JobInfo, JobStatus } from './types.js';

const LEFTOVER_KILL_GRACE_MS = 1_000;
const STREAMS_CLOSE_GRACE_MS = 2_000;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `orphaned`: the main process exited, processes it left behind run on. */
export type JobPhase = 'running' | 'orphaned' | 'finished';

/** One background job: follows its process to the end, then keeps only a summary (the record keeps the output). */
export class Job {
  readonly id: string;
  readonly recordId: string;
  readonly command: string;
  readonly cwd: string;
  readonly pid: number;
  readonly autoBackgrounded: boolean;
  /** Started with `detached: true`: the manager's close() leaves it running. */
  readonly detached: boolean;
  /** Epoch milliseconds the process started (before adoption, for a promoted run). */
  readonly startedAt: number;
  /** Resolves once the job is finished and its record complete. */
  readonly finished: Promise<void>;
  private currentPhase: JobPhase = 'running';
  private handle: JobProcess | undefined;
  private orphanPids: number[] = [];
  private result: RunResult | undefined;
  private endedAt: number | undefined;
  private killed = false;
  private failure: string | undefined;
  private stdoutBytes = 0;
  private stderrBytes = 0;
  private readonly wakers = new Set<() => void>();

  constructor(
    id: string,
    adopted: AdoptedProcess,
    private readonly lifetimeMs: number,
  ) {
    this.id = id;
    this.recordId = adopted.recordId;
    this.command = adopted.command;
    this.cwd = adopted.cwd;
    this.pid = adopted.handle.pid;
    this.autoBackgrounded = adopted.autoBackgrounded;
    this.detached = adopted.handle.detached;
    this.handle = adopted.handle;
    this.startedAt = Math.round(Date.now() - (performance.now() - adopted.handle.startedAt));
    this.stdoutBytes = adopted.handle.stdout.bytes;
    this.stderrBytes = adopted.handle.stderr.bytes;
    adopted.handle.stdout.onData((chunk) => {
      this.stdoutBytes += chunk.length;
      this.notify();
    });
    adopted.handle.stderr.onData((chunk) => {
      this.stderrBytes += chunk.length;
      this.notify();
    });
    this.finished = this.follow(adopted);
  }

  get phase(): JobPhase {
    return this.currentPhase;
  }

  get isLive(): boolean {
    return this.currentPhase !== 'finished';
  }

  get status(): JobStatus {
    if (this.currentPhase !== 'finished') return 'running';
    const result = this.result;
    const bySignal = !!result && (result.exit === null || result.timedOut || result.canceled || result.status === 'signal');
    return this.killed || bySignal ? 'killed' : 'exited';
  }

  get orphans(): readonly number[] {
    return this.orphanPids;
  }

  get finalResult(): RunResult | undefined {
    return this.result;
  }

  /** Why the record could not be completed, when it could not. */
  get error(): string | undefined {
    return this.failure;
  }

  get bytes(): { stdout: number; stderr: number } {
    return { stdout: this.stdoutBytes, stderr: this.stderrBytes };
  }

  get ms(): number {
    return (this.endedAt ?? Date.now()) - this.startedAt;
  }

  /** Resolves when `ready()` holds, or after `ms`. Woken by output and by every change of phase, never by polling. */
  async waitUntil(ready: () => boolean, ms: number): Promise<void> {
    if (ready() || ms <= 0) return;
    await new Promise<void>((resolve) => {
      const wake = (): void => {
        if (!ready()) return;
        done();
      };
      const timer = setTimeout(() => done(), ms);
      const done = (): void => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      this.wakers.add(wake);
    });
  }

  /** Sends `signal` to the group and to the leftovers; false when the job has finished. */
  signal(signal: NodeJS.Signals): boolean {
    if (this.currentPhase === 'finished' || !this.handle) return false;
    void this.handle.signalGroup(signal, this.orphanPids);
    return true;
  }

  /** TERM, then KILL after the grace: the main process with its group and escapees, and any leftovers. */
  async cancel(): Promise<void> {
    if (this.currentPhase === 'finished') return;
    this.killed = true;
    if (this.currentPhase === 'running') await this.handle?.terminate('canceled');
    // Between the main exit and the leftover check the phase is still `running`.
    await this.waitUntil(() => this.currentPhase !== 'running', 2 ** 31 - 1);
    if (this.currentPhase === 'orphaned') await this.killLeftovers();
    await this.finished;
  }

  get writable(): boolean {
    const stdin = this.handle?.stdin;
    return this.currentPhase === 'running' && !!stdin && !stdin.writableEnded && !stdin.destroyed;
  }

  write(data: string | Uint8Array): Promise<void> {
    const stdin = this.handle?.stdin;
    if (!stdin || !this.writable) throw this.notWritable();
    return new Promise((resolve, reject) => {
      stdin.write(data, (error) => (error ? reject(this.notWritable(error)) : resolve()));
    });
  }

  closeStdin(): void {
    const stdin = this.handle?.stdin;
    if (!stdin || !this.writable) throw this.notWritable();
    stdin.end();
  }

  info(): JobInfo {
    const info: JobInfo = {
      jobId: this.id,
      recordId: this.recordId,
      command: this.command,
      cwd: this.cwd,
      pid: this.pid,
      status: this.status,
      startedAt: new Date(this.startedAt).toISOString(),
      ms: this.ms,
      autoBackgrounded: this.autoBackgrounded,
      writable: this.writable,
      stdoutBytes: this.stdoutBytes,
      stderrBytes: this.stderrBytes,
    };
    if (this.result) info.exit = this.result.exit;
    if (this.orphanPids.length > 0) info.orphans = [...this.orphanPids];
    return info;
  }

  private notWritable(cause?: Error): TershError {
    const why =
      this.currentPhase !== 'running'
        ? 'its main process has exited'
        : this.handle?.stdin
          ? 'its stdin is closed'
          : "it was not started with `stdin: 'pipe'`";
    return new TershError('JOB_NOT_WRITABLE', `Cannot write to job ${this.id}: ${why}.`, { cause, details: { jobId: this.id } });
  }

  private notify(): void {
    for (const wake of [...this.wakers]) wake();
  }

  private async follow(adopted: AdoptedProcess): Promise<void> {
    try {
      await this.outliveLeftovers(adopted, (await adopted.handle.done).leftoverPids);
    } catch {
      // the record is completed below whatever happened while watching
    }
    try {
      this.result = await adopted.finalize();
    } catch (error) {
      this.failure = (error as Error).message;
    } finally {
      adopted.handle.release();
      this.endedAt = Date.now();
      this.orphanPids = [];
      this.currentPhase = 'finished';
      this.handle = undefined; // lets the in-memory head and tail of the output go
      this.notify();
    }
  }

  /** While processes the main one left behind run on, the job is `orphaned`, bounded by its lifetime. */
  private async outliveLeftovers(adopted: AdoptedProcess, leftoverPids: readonly number[]): Promise<void> {
    const group = adopted.handle.group;
    const leftovers = await group.alive(leftoverPids);
    if (leftovers.length === 0) return;
    this.orphanPids = leftovers;
    this.currentPhase = 'orphaned';
    this.notify();
    const remaining = this.lifetimeMs - (Date.now() - this.startedAt);
    const lifetime = setTimeout(() => void this.killLeftovers(), Math.max(0, remaining));
    try {
      await watchOrphans(leftovers, {
        group,
        onChange: (pids) => {
          this.orphanPids = pids;
          this.notify();
        },
      });
    } finally {
      clearTimeout(lifetime);
    }
    await Promise.race([adopted.handle.streamsClosed, delay(STREAMS_CLOSE_GRACE_MS)]);
  }

  private async killLeftovers(): Promise<void> {
    this.killed = true;
    await this.handle?.killRemaining(LEFTOVER_KILL_GRACE_MS);
  }
}
