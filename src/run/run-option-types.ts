import type { RecordStore } from '../store/index.js';
import type { JobManager } from '../jobs/types.js';
import type { Policy, PolicyOptions } from '../plan/index.js';
import type { Executor } from '../executor/types.js';
import type { ExitRule } from '../exit/index.js';
import type { Expectations, RunRetryOptions } from '../expect/index.js';

/** Options of {@link run}. Every field is validated (a bad one is a `TypeError` naming it); all are optional. */
export interface RunOptions extends RunRetryOptions {
  /** Working directory; must exist. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Variables added to the child's environment (they win over the inherited and non-interactive ones). */
  env?: Record<string, string>;
  /**
   * Kill the whole process group this long after the start (time after a promotion to a job included). Up to
   * `maxTimeoutMs` in the foreground, up to 3600000 for a run that can become a job (`background`, or
   * `autoBackgroundAfterMs` above 0). `0`: no deadline of its own, with promotion on (at 30 s unless
   * `autoBackgroundAfterMs` says otherwise): the job then lives as long as the job manager's `defaultLifetimeMs`.
   * @defaultValue 120000
   */
  timeoutMs?: number;
  /** The foreground cap: the highest `timeoutMs` of a run that cannot become a job, and the latest a promoted run is promoted. @defaultValue 600000 */
  maxTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when killing. @defaultValue 2000 */
  killGraceMs?: number;
  /** Cancels the run: the whole group is killed and the result says `canceled`. */
  signal?: AbortSignal;
  /** Called every `progressIntervalMs` while a foreground run goes on (never for a run that ends sooner). */
  onProgress?: (progress: {
    /** Milliseconds since this attempt started. */
    elapsedMs: number;
    /** Lines written so far to stdout (an unterminated last line counts). */
    stdoutLines: number;
    /** Lines written so far to stderr. */
    stderrLines: number;
  }) => void;
  /** How often `onProgress` is called. @defaultValue 2000 */
  progressIntervalMs?: number;
  /** Called with each piece of stdout as it arrives, decoded (a character split across chunks waits until it is whole). Foreground runs only. */
  onStdout?: (chunk: string) => void;
  /** Called with each piece of stderr as it arrives, decoded. Foreground runs only. */
  onStderr?: (chunk: string) => void;
  /**
   * Called with each complete line of either stream (without its `\n` or `\r\n`), whatever the chunking; an
   * unterminated last line comes when the run ends. A callback that throws is not called again and the result
   * says so in `callbackError`; the run goes on. Foreground runs only.
   */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Written to the child's stdin, which is then closed. Without it stdin reads /dev/null. */
  input?: string | Uint8Array;
  /** Encoding of the output when it is not UTF-8 (any name iconv-lite knows). @defaultValue a UTF-8 check, then windows-1252 */
  encoding?: string;
  /** Where the record goes. @defaultValue a store in `$TMPDIR/tersh-<uid>/records` */
  store?: RecordStore;
  /** Return the streams uncondensed (still capped by `inlineMaxBytes`). @defaultValue false */
  full?: boolean;
  /** Cap of each inline stream view, in bytes. @defaultValue 262144 */
  inlineMaxBytes?: number;
  /** Bytes of each stream's tail held in memory. @defaultValue 4194304 */
  ringBytes?: number;
  /** `true` forces a shell, `false` forbids one; or name the shell. @defaultValue chosen by the command's syntax */
  shell?: boolean | 'bash' | 'sh' | 'powershell' | 'cmd';
  /** Make bash report the status of the first failing pipeline segment. @defaultValue false */
  pipefail?: boolean;
  /** Run a bare `sleep N` (N ≥ 2) instead of refusing it. @defaultValue false */
  allowIdleSleep?: boolean;
  /**
   * Put `node_modules/.bin` of the cwd and of its parents ahead of `PATH` (tinyexec's meaning), so a project's
   * `tsc` or `vitest` is found. Off by default: those folders hold whatever a repository's dependencies install,
   * and ahead of `PATH` any of them would shadow `git`, `ls` or `node` for every command. @defaultValue false
   */
  preferLocal?: boolean;
  /**
   * Let the run outlive the host and its shell: it is not killed when the host exits or dies, nor by
   * `shell.close()`, and processes it leaves behind are reported in `hint` but not stopped. A timeout or
   * `signal` still kills it. @defaultValue false
   */
  detached?: boolean;
  /** Start as a background job and return at once with `jobId`. @defaultValue false */
  background?: boolean;
  /**
   * Promote a foreground run still going after this long (at the latest at `maxTimeoutMs`) to a background job;
   * `0` keeps it in the foreground. @defaultValue never for `run()`; 30000 in a shell (see `createShell`)
   */
  autoBackgroundAfterMs?: number;
  /** `pipe` keeps a background job's stdin open for `jobs.write()`. @defaultValue 'ignore' (reads /dev/null) */
  stdin?: 'ignore' | 'pipe';
  /**
   * How the process starts: `direct` forks the host (its cost grows with the host's memory, and blocks its event
   * loop meanwhile), `warm` asks a helper process started once (Linux; elsewhere `direct`), `auto` picks `warm`
   * once the host holds more than 64 MB of forkable memory. @defaultValue 'warm' on Linux, 'direct' elsewhere (the `TERSH_SPAWNER` environment variable overrides)
   */
  spawner?: 'direct' | 'warm' | 'auto';
  /** The job manager that takes background jobs. @defaultValue a job manager per process */
  jobs?: JobManager;
  /** Post-conditions checked in the same call; the result says `assertOk` and `assertionsFailed`. */
  expect?: Expectations;
  /** More exit-code rules, tried before the built-in ones. @defaultValue [] */
  exitRules?: readonly ExitRule[];
  /** `smart` condenses the views to the token budget; `lossless` only normalises them. @defaultValue 'smart' */
  condense?: 'smart' | 'lossless';
  /** Token budget of the condensed views (both streams together). @defaultValue 2000 */
  budgetTokens?: number;
  /** Allow/deny rules: a denied command is not run and the result says `blocked`. @defaultValue none (warnings only) */
  policy?: Policy | PolicyOptions;
  /**
   * Real OS confinement (bubblewrap on Linux, sandbox-exec on macOS): `true` (the same as `{}`) confines writes to the
   * cwd and a private temp dir, network allowed, nothing hidden. Where no sandbox works, run() throws TershError
   * `SANDBOX_UNAVAILABLE` rather than run unconfined.
   * @defaultValue false
   */
  sandbox?:
    | boolean
    | {
        /**
         * Whether the command may use the network. `false` gives it a private network namespace with only
         * its own loopback, so even `127.0.0.1` services on the host are out of reach.
         * @defaultValue true
         */
        network?: boolean;
        /**
         * Extra directories (or files) the command may write, besides the working directory and its temp dir.
         * `~` expands to the home directory; paths are canonicalised with realpath. Missing ones are skipped.
         * @defaultValue []
         */
        writable?: string[];
        /**
         * Paths the command must not read, hidden behind empty mounts. `true` hides {@link defaultProtectedPaths}
         * (~/.ssh, ~/.aws, ~/.gnupg, cloud credentials, `.env` files in the working directory…); an array hides
         * exactly those paths (`~` expands; relative entries are globs matched inside the working directory).
         * @defaultValue false
         */
        protect?: boolean | string[];
        /**
         * Whether the command may create unix-domain sockets. Off, `socket(AF_UNIX)` fails with EPERM (Linux,
         * via seccomp): a mount or network namespace does not stop a connect to `/run/docker.sock` or systemd's
         * socket, which would let the command act outside the sandbox. `socketpair()` keeps working either way.
         * Turn on for test suites that serve on a unix socket. Not enforced on macOS.
         * @defaultValue false
         */
        allowUnixSockets?: boolean;
      };
  /** What the command is for, in a few words (Claude Code's Bash `description`); kept in the record's meta. */
  description?: string;
  /** Trace file, process and network syscalls with strace into the record and summarise them (`traceSummary`). @defaultValue false */
  trace?: boolean;
  /**
   * Where the command runs: a container (`dockerExecutor()`), a machine over SSH, or this host (`localExecutor()`).
   * `cwd` is then a path in the target (its own working directory when omitted) and the environment starts from
   * the target's; the record, condensing, classification and jobs stay on the host. @defaultValue this host
   */
  executor?: Executor;
}

/**
 * How far a running command has got, for {@link RunOptions.onProgress}.
 */
export type RunProgress = Parameters<NonNullable<RunOptions['onProgress']>>[0];
