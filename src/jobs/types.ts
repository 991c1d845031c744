import type { RunResult } from '../result/run-result.js';

/** Options of {@link createJobManager}. */
export interface JobManagerOptions {
  /** Most live jobs at once; starting one more throws `JOB_LIMIT`. @defaultValue 16 */
  maxJobs?: number;
  /** Lifetime of a background job that sets no `timeoutMs`, also applied to the processes it leaves behind. @defaultValue 3600000 */
  defaultLifetimeMs?: number;
  /** Longest a single `logs()` call waits. @defaultValue 45000 */
  maxWaitMs?: number;
}

/** A job as listed: what it runs, where, and how far it got. */
export interface JobInfo {
  /** The job's id (`j1`, `j2`…), for `logs`, `signal`, `cancel` and the tools. */
  jobId: string;
  /** The record holding its whole output. */
  recordId: string;
  /** The command as given. */
  command: string;
  /** Its working directory. */
  cwd: string;
  /** The main process, leader of the job's process group. */
  pid: number;
  /** `running`, `exited` or `killed`. */
  status: 'running' | 'exited' | 'killed';
  /** ISO time the job started. */
  startedAt: string;
  /** Milliseconds since the job started (its whole runtime once finished). */
  ms: number;
  /** Promoted from a foreground run by `autoBackgroundAfterMs`. */
  autoBackgrounded: boolean;
  /** Started with `stdin: 'pipe'` and stdin not yet closed. */
  writable: boolean;
  /** Bytes of stdout so far. */
  stdoutBytes: number;
  /** Bytes of stderr so far. */
  stderrBytes: number;
  /** The exit code once finished (null when a signal ended it). */
  exit?: number | null;
  /** Pids of processes still running after the main one exited. */
  orphans?: number[];
}

/**
 * `running` until the main process has exited AND every process it left behind is gone;
 * `exited` when it ended by itself; `killed` when a signal, the lifetime or a cancel ended it.
 */
export type JobStatus = JobInfo['status'];

/**
 * Background jobs: their logs by offset, waiting, signals, stdin, and reaping. Created by
 * {@link createJobManager} or held by a shell as `shell.jobs`.
 */
export interface JobManager {
  /** The lifetime given to background jobs that set no `timeoutMs`, in ms. */
  readonly defaultLifetimeMs: number;
  /** Output past the offsets, the status, and the final result once finished; waits in the library when asked. */
  logs(
    jobId: string,
    options?: {
      /** Byte offset in stdout to read from (pass the previous `nextStdoutOffset`). @defaultValue 0 */
      stdoutOffset?: number;
      /** Byte offset in stderr to read from. @defaultValue 0 */
      stderrOffset?: number;
      /** Wait until the job is finished (or `waitMs` passes), instead of until new output. @defaultValue false */
      waitUntilExit?: boolean;
      /**
       * Wait up to this long for output past the offsets (or, with `waitUntilExit`, for the end);
       * capped at the manager's `maxWaitMs`. @defaultValue 0, or `maxWaitMs` with `waitUntilExit`
       */
      waitMs?: number;
      /** Most bytes returned per stream; call again from the next offsets for more. @defaultValue 65536 */
      maxBytes?: number;
    },
  ): Promise<{
    /** The job. */
    jobId: string;
    /** The record holding the whole output: `detail(recordId)` and `read(recordId, …)` work after the job is gone. */
    recordId: string;
    /** `running`, `exited` or `killed`. */
    status: JobInfo['status'];
    /** The exit code once finished (null when a signal ended it). */
    exit?: number | null;
    /** Decoded stdout from `stdoutOffset`, at most `maxBytes`. */
    stdout: string;
    /** Decoded stderr from `stderrOffset`, at most `maxBytes`. */
    stderr: string;
    /** Pass as `stdoutOffset` to read on. */
    nextStdoutOffset: number;
    /** Pass as `stderrOffset` to read on. */
    nextStderrOffset: number;
    /** True when more output is already waiting past a next offset (read again at once). */
    more?: true;
    /** Pids of processes still running after the main one exited: the job is not finished while they run. */
    orphans?: number[];
    /** The final quiet result (exit classification included) once the job is finished. */
    result?: RunResult;
    /** Milliseconds since the job started (its whole runtime once finished). */
    ms: number;
    /** The record was evicted by the store's caps; its output is gone. */
    expired?: true;
  }>;
  /**
   * The job's output as lines from its start, as they come (`for await (const { stream, line } of jobs.lines(id))`);
   * the iteration ends once the job is finished. Breaking out of the loop stops reading; the job goes on.
   */
  lines(jobId: string): AsyncGenerator<
    {
      /** The stream the line came from. */
      stream: 'stdout' | 'stderr';
      /** The line without its `\n` (or `\r\n`). */
      line: string;
    },
    void,
    undefined
  >;
  /** Sends a signal (`'SIGTERM'`, `'SIGINT'`, …) to every process of the job. False when nothing was left to receive it. */
  signal(jobId: string, signal: NodeJS.Signals): boolean;
  /** Stops the job (TERM, then KILL after the grace, leftovers included) and resolves once it is finished. */
  cancel(jobId: string): Promise<JobInfo>;
  /** Writes to the stdin of a job started with `stdin: 'pipe'` (else `JOB_NOT_WRITABLE`). */
  write(jobId: string, data: string | Uint8Array): Promise<void>;
  /** Closes that stdin, so the job reads end-of-file. */
  closeStdin(jobId: string): void;
  /** Live jobs and the most recent finished ones, oldest first. */
  list(): JobInfo[];
  /** The job with this id; throws `JOB_NOT_FOUND`. */
  get(jobId: string): JobInfo;
  /** Kills every live job's process group and resolves once they are finished. Logs stay readable. */
  close(): Promise<void>;
}

/** Options of {@link JobManager.logs}: where to read from, and whether and how long to wait. */
export type JobLogsOptions = NonNullable<Parameters<JobManager['logs']>[1]>;

/** A page of a job's output by byte offset, its status, and its final result once finished. */
export type JobLogs = Awaited<ReturnType<JobManager['logs']>>;

/** One line of a job's output, for {@link JobManager.lines}. */
export type JobLine = ReturnType<JobManager['lines']> extends AsyncGenerator<infer Line, void, undefined> ? Line : never;
