import type { Readable, Writable } from 'node:stream';
import type { Launcher, LaunchRequest, LaunchedProcess, ProcessExit, RunGroup } from '../process/launcher.js';

export type { Launcher, LaunchRequest, LaunchedProcess, ProcessExit, RunGroup };

/**
 * What a small command run to its end in the target printed (a probe, a sweep, a tar listing).
 */
export interface TargetOutput {
  /** Its exit status; null when the target could not be reached or the command was lost. */
  code: number | null;
  /** Everything it wrote to stdout. */
  stdout: Buffer;
  /** Everything it wrote to stderr, decoded as UTF-8. */
  stderr: string;
}

/** Options of {@link ExecutorTarget.exec}. */
export interface TargetExecOptions {
  /** Written to its stdin, which is then closed. @defaultValue stdin reads nothing */
  input?: Buffer | string;
  /** Give up (and report `code: null`) after this long. @defaultValue 30000 */
  timeoutMs?: number;
}

/**
 * Where commands run: the host (the default), a container, a machine over SSH. Everything else (planning,
 * policy, capture into the host's record store, condensing, classification, expectations, retries, jobs, tools)
 * stays in tersh and works the same over every executor. Made by {@link localExecutor}, {@link dockerExecutor} and
 * {@link sshExecutor}; what tersh calls on it to start and probe processes is internal.
 */
export interface Executor {
  /** The family: `local`, `docker`, `ssh`. */
  readonly kind: string;
  /** Which target, for messages and records (`docker:web-1`, `ssh:ci@10.0.0.2`). */
  readonly name: string;
  /** Ends every connection and client of this executor; later calls reject with `EXECUTOR_CLOSED`. */
  close(): Promise<void>;
}

/** The seam every executor implements (internal: the public {@link Executor} shows its kind, name and close only). */
export interface ExecutorTarget extends Executor, Launcher {
  /** Starts a run's main process in the target, in a new session there, and hands back its group over there. */
  launch(request: LaunchRequest): Promise<LaunchedProcess>;
  /** Runs `argv` in the target to its end and collects its (small) output; never rejects for what it did. */
  exec(argv: readonly string[], options?: TargetExecOptions): Promise<TargetOutput>;
  /** The environment a command starts from in the target (used instead of the host's `process.env`). */
  baseEnv(): Promise<NodeJS.ProcessEnv>;
  /** The target's working directory when a run names none. */
  defaultCwd(): Promise<string>;
  /** Absolute path of `name` on `env.PATH` in the target (or `name` itself when it holds a slash and is executable there). */
  findProgram(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined>;
  /** True when `path` is a directory in the target. */
  isDirectory(path: string): Promise<boolean>;
  /** For each path (relative ones against `cwd`), whether it exists in the target. */
  pathsExist(paths: readonly string[], cwd: string): Promise<boolean[]>;
  /**
   * A tar stream of `dir` in the target, for checkpoints into the host's store. Absent: checkpoints over this
   * executor are refused.
   */
  readTar?(dir: string): Promise<Readable>;
  /** Extracts a tar stream into `dir` in the target (a checkpoint's restore). */
  writeTar?(dir: string): Promise<{ input: Writable; done: Promise<TargetOutput> }>;
}

/** How the remote executors reach their target: a process with its streams, or one to its end. */
export interface TargetChannel {
  /** The process's stdout. */
  stdout: Readable;
  /** The process's stderr. */
  stderr: Readable;
  /** The process's stdin. */
  stdin: Writable;
  /** The status of the process over there; `code: null` with `lost` when the channel was lost (target gone, connection dropped). */
  exit: Promise<{ code: number | null; lost?: string }>;
  /** Drops the client side (the exec stream, the SSH channel) whatever the process does over there. */
  close(): void;
  /** The run's entry in the session watchdog that covers this channel, when `open` was asked to list one. */
  watch?: RunWatch;
}

/** What a run tells the session watchdog about itself after it started. */
export interface RunWatch {
  /** The run's group id over there, once the wrapper reported it. */
  grouped(pgid: number): void;
  /** Nothing of the run is left to kill (it ended and was swept, or it never started). */
  end(): void;
}

/** Options of {@link TargetTransport.open}. */
export interface TargetOpenOptions {
  /** List this run tag with the session watchdog before the process starts (it dies with the host then). */
  watchTag?: string;
}

/** The one thing a remote executor (docker, ssh) implements; the wrapper, group and probes are shared. */
export interface TargetTransport {
  /** Which target, for messages (`docker:web-1`). */
  readonly name: string;
  /** Starts `argv` (no shell in between) in the target with stdin, stdout and stderr attached. */
  open(argv: readonly string[], options?: TargetOpenOptions): Promise<TargetChannel>;
  /** Runs `argv` to its end; `code: null` when the target cannot be reached. */
  exec(argv: readonly string[], options?: TargetExecOptions): Promise<TargetOutput>;
  close(): Promise<void>;
}
