/**
 * What a record says about its run, stored as `meta.json` beside the streams.
 * @public
 */
export interface RecordMeta {
  id: string;
  command: string;
  cwd: string;
  /** ISO time the run started. */
  startedAt: string;
  /** ISO time the run ended; absent while it runs. */
  endedAt?: string;
  /** `running` while the command runs; `complete` once every byte is on disk. */
  state: 'running' | 'complete';
  pid?: number;
  exit?: number | null;
  signal?: NodeJS.Signals | null;
  ms?: number;
  stdoutBytes?: number;
  stderrBytes?: number;
  stdoutLines?: number;
  stderrLines?: number;
  /** Any further facts the run recorded (status, shellKind, timedOut, attempts, jobId…). */
  [key: string]: unknown;
}

/** The streams a record holds. @public */
export type RecordStream = 'stdout' | 'stderr' | 'trace';

/** What `detail` can select. @public */
export type DetailSelector = RecordStream | 'meta';
