/**
 * What a record says about its run, stored as `meta.json` beside the streams.
 */
export interface RecordMeta {
  /** The record id, also the `id` of the run's result. */
  id: string;
  /** The command as given. */
  command: string;
  /** Its working directory. */
  cwd: string;
  /** ISO time the run started. */
  startedAt: string;
  /** ISO time the run ended; absent while it runs. */
  endedAt?: string;
  /** `running` while the command runs; `complete` once every byte is on disk. */
  state: 'running' | 'complete';
  /** Pid of the process (leader of its group). */
  pid?: number;
  /** The exit code, or null when a signal ended it. */
  exit?: number | null;
  /** The signal that ended it, if one did. */
  signal?: NodeJS.Signals | null;
  /** How long it ran, in milliseconds. */
  ms?: number;
  /** Bytes of stdout stored. */
  stdoutBytes?: number;
  /** Bytes of stderr stored. */
  stderrBytes?: number;
  /** Lines of stdout stored. */
  stdoutLines?: number;
  /** Lines of stderr stored. */
  stderrLines?: number;
  /** Any further facts the run recorded (status, shellKind, timedOut, attempts, jobId…). */
  [key: string]: unknown;
}

/** The streams a record holds. */
export type RecordStream = 'stdout' | 'stderr' | 'trace';
