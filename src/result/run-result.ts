import type { TraceSummary } from '../trace/index.js';

/**
 * The quiet result of a run: `id`, `exit`, `ok`, `ms` and `shellKind` always; every other field
 * only when it says something. Everything in full stays in the record store under `id`.
 */
export interface RunResult {
  /** The record's id: `detail(id)` and `read(id, …)` return the whole output. */
  id: string;
  /** The exit code; null when the process was killed by a signal or never started. */
  exit: number | null;
  /** Whether the command did what it was asked, by the semantic reading of its exit (grep finding nothing is ok). */
  ok: boolean;
  /** Wall time in milliseconds. */
  ms: number;
  /** Which interpreter ran the command (`direct`: no shell). */
  shellKind: 'direct' | 'bash' | 'sh' | 'powershell' | 'cmd';
  /** The main process's id (leader of its process group), once one was started. */
  pid?: number;
  /** A shell was chosen because the command's syntax needs one (pipes, redirects, `&&`…), not because `shell` asked for it. */
  autoShell?: true;
  /**
   * The semantic status when it differs from what `exit` alone suggests, or on failure; `running` for a run that
   * goes on as a background job (`ok` then only says it started: its verdict comes with the job's logs).
   */
  status?: 'ok' | 'error' | 'signal' | 'timeout' | 'running';
  /** A short interpretation for a model: "No matches found", "Killed by SIGKILL". */
  message?: string;
  /** Condensed view of stdout (ANSI stripped). */
  stdout?: string;
  /** Condensed view of stderr (ANSI stripped). */
  stderr?: string;
  /** True line counts, when the view is not the whole stream. */
  stdoutLines?: number;
  /** True line count of stderr, when the view is not the whole stream. */
  stderrLines?: number;
  /** Bytes of the stream not in the view (the record has them). */
  stdoutTruncatedBytes?: number;
  /** Bytes of stderr not in the view (the record has them). */
  stderrTruncatedBytes?: number;
  /** Set beside `stdoutTruncatedBytes`: the view is not the whole stream. */
  stdoutTruncated?: true;
  /** Set beside `stderrTruncatedBytes`: the view is not the whole stream. */
  stderrTruncated?: true;
  /**
   * stdout was an image (PNG, JPEG, GIF or WebP; raw bytes, or base64 text alone or as a `data:` URI), at most 5 MiB:
   * it is returned here, base64-encoded, and not as text. `bytes` is the image's size.
   */
  stdoutImage?: {
    /** The image's media type, read from its first bytes. */
    mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
    /** Size of the image in bytes (decoded, when stdout was base64). */
    bytes: number;
    /** The image, base64-encoded. */
    data: string;
  };
  /** A live-output callback (`onStdout`, `onStderr`, `onLine`) threw: it was not called again, and the run went on. */
  callbackError?: string;
  /** Stdout looked binary: the view says so instead of showing it. */
  stdoutBinary?: true;
  /** Stderr looked binary: the view says so instead of showing it. */
  stderrBinary?: true;
  /** The timeout ended the run (its group was killed). */
  timedOut?: true;
  /** The caller's AbortSignal stopped the run. */
  canceled?: true;
  /** The signal that ended the process. */
  signal?: NodeJS.Signals;
  /** Set when the command was refused without running. */
  blocked?: true;
  /** A destructive-pattern warning from the plan ("may force-remove files"). */
  warning?: string;
  /** What to do differently next time. */
  advice?: string;
  /** A note on how to read this result (a masked exit, killed leftovers). */
  hint?: string;
  /** How many attempts ran, when retries made it more than one (every attempt's record is kept). */
  attempts?: number;
  /** Whether every expectation held; present when `expect` was given. */
  assertOk?: boolean;
  /** One sentence per failed expectation ("expected exit 0, got 2"). */
  assertionsFailed?: string[];
  /** Git-visible files that changed during the run (with `expect.changed`). */
  filesChanged?: string[];
  /** The command ran confined by the OS sandbox. */
  sandboxed?: true;
  /** What the command touched: files read, written, created, deleted, renamed; processes; connections. */
  traceSummary?: TraceSummary;
  /** Why a trace that was asked for is missing (no strace, ptrace denied). */
  traceUnavailable?: string;
  /**
   * Why the record under `id` lacks output: the disk refused it (ENOSPC, EDQUOT). The run itself went on;
   * the store freed what its caps allow, and later runs record again once there is room.
   */
  recordError?: string;
  /** Bytes of output the record lacks (all of them when the record could not be written at all). */
  recordMissingBytes?: number;
  /** The background job running the command; read its output with the job manager's `logs(jobId)`. */
  jobId?: string;
  /** The run outlasted `autoBackgroundAfterMs` and goes on as job `jobId`. */
  autoBackgrounded?: true;
}

/** Which interpreter ran a command; `direct` means no shell at all. */
export type ShellKind = RunResult['shellKind'];

/**
 * An image a command wrote to stdout.
 */
export type StdoutImage = NonNullable<RunResult['stdoutImage']>;
