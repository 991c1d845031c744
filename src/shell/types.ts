import type { CheckpointStore } from '../checkpoint/index.js';
import type { JobManager, JobManagerOptions } from '../jobs/index.js';
import type { Plan, Policy, PolicyOptions } from '../plan/index.js';
import type { PtyManager } from '../pty/index.js';
import type { Executor } from '../executor/types.js';
import type { RunOptions, RunResult } from '../run/index.js';
import type { RecordStore } from '../store/index.js';

/** Options of {@link createShell}: the session's folder, environment, store, policy and defaults. */
export interface ShellOptions {
  /** The session's starting directory; later it follows the commands' `cd`. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Variables added to every command's environment (per-call `env` wins). @defaultValue `{}` */
  env?: Record<string, string>;
  /** Folder of the shell's record store. @defaultValue `$TMPDIR/tersh-<uid>/records` */
  storeDir?: string;
  /** Folder of the shell's checkpoints. @defaultValue that of `createCheckpointStore()` */
  checkpointDir?: string;
  /** Undo checkpoints (taken by each restore) kept per folder; see `createCheckpointStore()`. @defaultValue 10 */
  maxUndoCheckpoints?: number;
  /** An allow/deny policy (from `createPolicy()`, or its options) applied to every run. @defaultValue none */
  policy?: Policy | PolicyOptions;
  /**
   * A sandbox for every run (see `RunOptions.sandbox`) that a call cannot lift or widen: a per-call `sandbox` is
   * refused. Where no sandbox works, every run throws `SANDBOX_UNAVAILABLE`. @defaultValue none
   */
  sandbox?: RunOptions['sandbox'];
  /** Defaults for every run option but those of one call (cwd, env, input, callbacks, signal) and the shell's own. @defaultValue `{}` */
  defaults?: Omit<
    RunOptions,
    | 'cwd'
    | 'env'
    | 'store'
    | 'jobs'
    | 'policy'
    | 'signal'
    | 'onProgress'
    | 'onStdout'
    | 'onStderr'
    | 'onLine'
    | 'input'
    | 'executor'
  >;
  /**
   * Keep the variables a bash command exports (`export NAME=value`) for the next commands, as a terminal
   * does; an `unset` persists only for variables the session itself set. @defaultValue false
   */
  persistEnv?: boolean;
  /** Options of the shell's job manager. @defaultValue those of `createJobManager()` */
  jobs?: JobManagerOptions;
  /**
   * Where every command of the session runs (`dockerExecutor()`…); `cwd` is then a path in the target, its own
   * working directory when omitted. Records, jobs and condensing stay on the host. Terminal sessions (`pty`) and
   * checkpoints are refused over an executor (`EXECUTOR_UNSUPPORTED`), and the working directory does not follow
   * a command's `cd`. The shell does not close the executor. @defaultValue this host
   */
  executor?: Executor;
  /** How its runs start (see `RunOptions.spawner`); a call's own `spawner` wins. @defaultValue that of `run()` */
  spawner?: 'direct' | 'warm' | 'auto';
  /**
   * Let a call lift `sandbox` for itself with `dangerouslyDisableSandbox: true` (the host's decision, never the model's:
   * without it such a call throws `SANDBOX_BYPASS_DENIED`). @defaultValue false
   */
  allowDangerouslyDisableSandbox?: boolean;
}

/**
 * A session: one working directory that persists across commands, one record store, one job manager,
 * one policy, defaults for every run. Created by {@link createShell}.
 */
export interface Shell {
  /** The session's working directory (moved by a foreground bash command that ends elsewhere, as `cd sub && make`). */
  readonly cwd: string;
  /** Moves the session to `path` (relative to the session's directory; must exist), as a terminal's `cd`; returns the new directory. */
  cd(path: string): string;
  /**
   * Runs a command in the session's directory and environment. The options are those of `run()` but the store, the job
   * manager and the policy, which are the shell's; a `cwd` here is resolved against the session's and does not move it.
   */
  run(
    command: string | readonly string[],
    options?: Omit<RunOptions, 'store' | 'jobs' | 'policy' | 'executor'> & {
      /**
       * Run this one call outside the shell's `sandbox` (Claude Code's Bash option). Honoured only by a shell created with
       * `allowDangerouslyDisableSandbox: true`; any other shell throws TershError `SANDBOX_BYPASS_DENIED`. @defaultValue false
       */
      dangerouslyDisableSandbox?: boolean;
    },
  ): Promise<RunResult>;
  /** A stream of a record in full, its meta, or the lines matching `match`. */
  detail(id: string, options?: Parameters<RecordStore['detail']>[1]): Promise<string>;
  /** A page of a record's stream by byte offset. */
  read(
    id: string,
    stream: Parameters<RecordStore['read']>[1],
    options?: Parameters<RecordStore['read']>[2],
  ): ReturnType<RecordStore['read']>;
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
  checkpoint(label: string, options?: Parameters<CheckpointStore['save']>[2]): ReturnType<CheckpointStore['save']>;
  /**
   * Puts the folder `label` was taken of back as it was. A checkpoint belongs to its origin: the label is looked up
   * in the session's directory, then in the folders this shell checkpointed (latest first), then in the one it started
   * in, whatever the session's directory is now; `origin` names the folder instead. A `target` that is not the
   * checkpoint's origin is refused with `CHECKPOINT_TARGET_MISMATCH`.
   */
  restore(label: string, options?: Parameters<CheckpointStore['restore']>[1]): ReturnType<CheckpointStore['restore']>;
  /** The checkpoints of the session's directory, of the folders this shell checkpointed and of the one it started in (or of `origin`), oldest first. */
  checkpoints(options?: Partial<Parameters<CheckpointStore['drop']>[1]>): ReturnType<CheckpointStore['list']>;
  /** Ends every foreground run (each resolves with `canceled: true`), live job (not a `detached` one) and terminal session, then releases everything; every later call throws `SHELL_CLOSED`. */
  close(): Promise<void>;
}

/** Options of one `shell.run()`. */
export type ShellRunOptions = NonNullable<Parameters<Shell['run']>[1]>;

/** Defaults applied under every `shell.run()` option. */
export type ShellRunDefaults = NonNullable<ShellOptions['defaults']>;
