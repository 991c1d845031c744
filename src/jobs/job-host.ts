import type { Writable } from 'node:stream';
import type { RunGroup } from '../process/launcher.js';
import type { RunResult } from '../result/run-result.js';
import type { RecordStore } from '../store/index.js';

/** One output stream of an adopted process, as its capture counts it. */
export interface JobStream {
  readonly bytes: number;
  /** Calls `listener` with each chunk; returns the function that stops it. */
  onData(listener: (chunk: Buffer) => void): () => void;
}

/** What a job manager uses of a running process (run()'s `ProcessHandle` is one). */
export interface JobProcess {
  readonly pid: number;
  /** `performance.now()` when it started. */
  readonly startedAt: number;
  readonly detached: boolean;
  readonly stdout: JobStream;
  readonly stderr: JobStream;
  readonly stdin: Writable | null;
  readonly done: Promise<{ leftoverPids: number[] }>;
  readonly streamsClosed: Promise<void>;
  readonly group: RunGroup;
  readonly release: () => void;
  terminate(reason: 'timeout' | 'canceled'): Promise<void>;
  killRemaining(graceMs: number): Promise<void>;
  signalGroup(signal: NodeJS.Signals, pids?: readonly number[]): Promise<boolean>;
}

/**
 * A process handed over to a job manager: started in the background, or promoted from the
 * foreground after `autoBackgroundAfterMs`. The manager keeps draining it into its record.
 */
export interface AdoptedProcess {
  /** The record id, which is also the job's log address. */
  recordId: string;
  command: string;
  cwd: string;
  handle: JobProcess;
  /** The store holding the job's record (logs are read from it). */
  store: RecordStore;
  autoBackgrounded: boolean;
  /**
   * Writes the record's meta and returns the final quiet result. The manager calls it once the
   * process has exited and its output pipes have closed.
   */
  finalize(): Promise<RunResult>;
}

/**
 * A job manager as `run()` takes it in `jobs`: the one from `createJobManager()`, or a shell's `jobs`.
 * What run() calls on it to hand a process over is internal.
 */
export interface JobHost {
  /** The lifetime given to background jobs that set no `timeoutMs`, in ms. */
  readonly defaultLifetimeMs: number;
}

/** What run() calls on a job manager (internal: the public `JobHost` stays opaque). */
export interface JobAdopter extends JobHost {
  /** Throws TershError `JOB_LIMIT` when no more live jobs are allowed (checked before spawning). */
  ensureCapacity(): void;
  /** Takes the process over and returns its job id. */
  adopt(process: AdoptedProcess): string;
}

export function isJobHost(value: unknown): value is JobAdopter {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<JobAdopter> & Record<symbol, unknown>;
  return typeof candidate.adopt === 'function' && typeof candidate.ensureCapacity === 'function';
}
