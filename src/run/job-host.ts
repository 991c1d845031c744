import type { ProcessHandle } from './process-handle.js';
import type { RunResult } from './run-result.js';
import type { RecordStore } from '../store/index.js';

/**
 * A process handed over to a job manager: started in the background, or promoted from the
 * foreground after `autoBackgroundAfterMs`. The manager keeps draining it into its record.
 */
export interface AdoptedProcess {
  /** The record id, which is also the job's log address. */
  recordId: string;
  command: string;
  cwd: string;
  handle: ProcessHandle;
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
