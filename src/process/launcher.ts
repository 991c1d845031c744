import type { Readable, Writable } from 'node:stream';

/** What to start: a program and its arguments, never a command string. */
export interface LaunchRequest {
  /** The program: a path, or a name looked up in `env.PATH`. */
  file: string;
  /** Its arguments, as they are (no shell reads them). */
  args: readonly string[];
  /** The working directory, a path where the process runs. */
  cwd: string;
  /** The whole environment of the process. */
  env: NodeJS.ProcessEnv;
  /** 'ignore' reads /dev/null; 'pipe' lets the caller write. */
  stdin: 'ignore' | 'pipe';
  /** The run tag, also in `env` under RUN_TAG_VARIABLE: finds the run's processes that left its group. */
  tag: string;
  /** Not tied to the host's life: neither its exit nor its death kills this run. */
  detached: boolean;
  /** `file` was looked up already and found executable: the launcher need not look again. */
  found?: boolean | undefined;
}

/** How the main process ended. */
export interface ProcessExit {
  /** The exit code, or null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, or null. */
  signal: NodeJS.Signals | null;
  /** Why no status came back, where the process ran elsewhere (the container stopped, the connection dropped). */
  lost?: string;
  /** Set when the launcher lost the process before its status was known (the warm spawner's helper died). */
  error?: string;
  /**
   * Nothing of the run was left once its main process had exited (its cgroup, read then by the warm spawner's
   * helper, held no process; none can enter it after that): no leftover check is needed.
   */
  emptied?: boolean;
}

/** Every process of one run, wherever it runs; pids are those of the place it runs in. */
export interface RunGroup {
  /** The live processes of the run. */
  remaining(): Promise<number[]>;
  /** What is left of the run once its main process `mainPid` has exited. */
  leftovers(mainPid: number): Promise<number[]>;
  /** Sends `signal` to the group and to `pids`, as they are (nothing frozen). False when nothing received it. */
  send(signal: NodeJS.Signals, pids?: readonly number[]): Promise<boolean>;
  /** Sends `signal` to everything of the run, frozen meanwhile so that no fork slips through; the pids signalled. */
  signalAll(signal: NodeJS.Signals): Promise<number[]>;
  /** True once none of `known` (or nothing of the run, where that can be told) is left; false after `ms`. */
  waitGone(ms: number, known: readonly number[]): Promise<boolean>;
  /** SIGKILL to everything of the run until nothing is left, bounded by a deadline. */
  kill(): Promise<void>;
  /** TERM, then KILL after `graceMs` if anything is left, then a sweep until nothing is. */
  terminate(graceMs: number): Promise<void>;
  /** Those of `pids` still alive (zombies count as gone). */
  alive(pids: readonly number[]): Promise<number[]>;
  /** Pids seen outside the run's process group (setsid escapees), noted while they were alive. */
  readonly escapees: readonly number[];
}

/** A started process: its streams, its exit, and its group. */
export interface LaunchedProcess {
  /** The main process, leader of its own session and process group. */
  pid: number;
  /** Its stdout, read to the end by the caller. */
  stdout: Readable;
  /** Its stderr, read to the end by the caller. */
  stderr: Readable;
  /** Its stdin when the request asked for `'pipe'`, else null. */
  stdin: Writable | null;
  /** Settles once the main process has exited. */
  exit: Promise<ProcessExit>;
  /** Every process of the run, for signals, kills and sweeps. */
  group: RunGroup;
  /** Unties the run from the host's life (once nothing of it is left, or never for a detached run). */
  release(): void;
  /** Something the caller is told once, in the run's hint (the warm spawner fell back to direct spawning). */
  notice?: string;
}

/**
 * Starts processes somewhere: here (the default), through a helper, in a container, over SSH.
 * `launch` rejects as spawn does when the program cannot start (an error with `code` ENOENT or EACCES).
 */
export interface Launcher {
  /** Starts one process as the request says. */
  launch(request: LaunchRequest): Promise<LaunchedProcess>;
}
