import type { CheckpointInfo, RestoreOptions, RestoreReport, SaveOptions } from '../checkpoint/index.js';
import type { JobManager, JobManagerOptions } from '../jobs/index.js';
import type { Plan, Policy, PolicyOptions } from '../plan/index.js';
import type { PtyManager } from '../pty/index.js';
import type { SandboxOptions } from '../sandbox/index.js';
import type { RunOptions, RunResult } from '../run/index.js';
import type { DetailOptions, ExpiredRead, ReadOptions, ReadPage, RecordStream } from '../store/index.js';

/**
 * Options of one `shell.run()`: those of `run()` but the store, the job manager and the policy, which are the shell's.
 * A `cwd` here is resolved against the session's and does not move the session.
 * @public
 */
export type ShellRunOptions = Omit<RunOptions, 'store' | 'jobs' | 'policy'> & {
  /**
   * Run this one call outside the shell's `sandbox` (Claude Code's Bash option). Honoured only by a shell created with
   * `allowDangerouslyDisableSandbox: true`; any other shell throws TershError `SANDBOX_BYPASS_DENIED`. @defaultValue false
   */
  dangerouslyDisableSandbox?: boolean;
};

/**
 * Defaults applied under every `shell.run()` option.
 * @public
 */
export type ShellRunDefaults = Omit<RunOptions, 'cwd' | 'env' | 'store' | 'jobs' | 'policy' | 'signal' | 'onProgress' | 'onStdout' | 'onStderr' | 'onLine' | 'input'>;

/** @public */
export interface ShellOptions {
  /** The session's starting directory; later it follows the commands' `cd`. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Variables added to every command's environment (per-call `env` wins). @defaultValue {} */
  env?: Record<string, string>;
  /** Folder of the shell's record store. @defaultValue `$TMPDIR/tersh-<uid>/records` */
  storeDir?: string;
  /** Folder of the shell's checkpoints. @defaultValue that of `createCheckpointStore()` */
  checkpointDir?: string;
  /** An allow/deny policy (from `createPolicy()`, or its options) applied to every run. @defaultValue none */
  policy?: Policy | PolicyOptions;
  /**
   * A sandbox for every run (see `RunOptions.sandbox`) that a call cannot lift or widen: a per-call `sandbox` is
   * refused. Where no sandbox works, every run throws `SANDBOX_UNAVAILABLE`. @defaultValue none
   */
  sandbox?: boolean | SandboxOptions;
  /** Defaults for every run option. @defaultValue {} */
  defaults?: ShellRunDefaults;
  /**
   * Keep the variables a bash command exports (`export NAME=value`) for the next commands, as a terminal
   * does; an `unset` persists only for variables the session itself set. @defaultValue false
   */
  persistEnv?: boolean;
  /** Options of the shell's job manager. @defaultValue those of `createJobManager()` */
  jobs?: JobManagerOptions;
  /**
   * Let a call lift `sandbox` for itself with `dangerouslyDisableSandbox: true` (the host's decision, never the model's:
   * without it such a call throws `SANDBOX_BYPASS_DENIED`). @defaultValue false
   */
  allowDangerouslyDisableSandbox?: boolean;
}

/**
 * A session: one working directory that persists across commands, one record store, one job manager,
 * one policy, defaults for every run. Created by {@link createShell}.
 * @public
 */
export interface Shell {
  /** The session's working directory (moved by a foreground bash command that ends elsewhere, as `cd sub && make`). */
  readonly cwd: string;
  /** Runs a command in the session's directory and environment. */
  run(command: string | readonly string[], options?: ShellRunOptions): Promise<RunResult>;
  /** A stream of a record in full, its meta, or the lines matching `match`. */
  detail(id: string, options?: DetailOptions): Promise<string>;
  /** A page of a record's stream by byte offset. */
  read(id: string, stream: RecordStream, options?: ReadOptions): Promise<ReadPage | ExpiredRead>;
  /** What a command may do, checked statically without running it. */
  plan(command: string): Promise<Plan>;
  /** The shell's background jobs. */
  readonly jobs: JobManager;
  /**
   * Pseudo-terminal sessions for interactive programs (a shell keeping state, `python3`, `node`, `gdb`), opened in the
   * session's directory and environment and screened by its policy. Needs the optional `@lydell/node-pty`; POSIX only.
   */
  readonly pty: PtyManager;
  /** Snapshots the session's directory under `label`. */
  checkpoint(label: string, options?: SaveOptions): Promise<CheckpointInfo>;
  /** Puts the session's directory (or `options.origin`) back as it was at `label`. */
  restore(label: string, options?: RestoreOptions): Promise<RestoreReport>;
  /** The checkpoints of the session's directory, oldest first. */
  checkpoints(): Promise<CheckpointInfo[]>;
  /** Ends every foreground run (each resolves with `canceled: true`), live job (not a `detached` one) and terminal session, then releases everything; every later call throws `SHELL_CLOSED`. */
  close(): Promise<void>;
}
