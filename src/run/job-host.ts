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
 * What run() needs of a job manager (the one from `createJobManager()` or a shell's).
 * @public
 */
export interface JobHost {
  /** Throws TershError `JOB_LIMIT` when no more live jobs are allowed (checked before spawning). */
  ensureCapacity(): void;
  /** Takes the process over and returns its job id. */
  adopt(process: AdoptedProcess): string;
  /** The lifetime given to background jobs that set no `timeoutMs`. */
  readonly defaultLifetimeMs: number;
}

export function isJobHost(value: unknown): value is JobHost {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<JobHost> & Record<symbol, unknown>;
  return typeof candidate.adopt === 'function' && typeof candidate.ensureCapacity === 'function';
}
