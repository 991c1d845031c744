// The messages between the host and the warm spawner's helper, over the helper's IPC channel (JSON). Either side
// may write the messages of one turn as one batch (turn-batch.ts).
import type { BatchMessage } from './turn-batch.js';

/** The base environment every later start is a difference from. */
export interface BaseEnvMessage {
  op: 'base';
  env: Record<string, string>;
}

/** Connect these spares to the host's socket folder, each with its `<token>:s` line, and hold them for later starts. */
export interface SparesMessage {
  op: 'spares';
  tokens: string[];
}

/**
 * Start one command: connect its fds back to the host's socket folder with `<token>:<fd>` lines (or take the spares
 * named, in fd order), then spawn.
 */
export interface StartMessage {
  op: 'start';
  id: number;
  token?: string | undefined;
  spares?: string[] | undefined;
  file: string;
  args: readonly string[];
  cwd: string;
  /** Variables that differ from the base environment, and those the base has that this run has not. */
  set: Record<string, string>;
  unset: readonly string[];
  umask: number;
  /** A third socket as the command's stdin; /dev/null otherwise. */
  stdin: boolean;
  /** The cgroup folder the command is forked in (the helper joins it for the fork, then leaves). */
  cgroup?: string | undefined;
  /**
   * An empty cgroup the host keeps for its next run: the helper waits there after this start (rather than in its own),
   * so that the next run's fork needs no move in. Unless a later start has already forked in it.
   */
  park?: string | undefined;
  /** Kill the run if the host dies (its run tag, for the sweep), until a `release`. */
  watch: { tag: string; cgroup?: string | undefined } | null;
  /** Runs released since the last message (ended, nothing left of them), told with this start instead of alone. */
  release?: number[] | undefined;
}

/** These runs no longer die with the host (they ended and nothing of them is left, or they were detached). */
export interface ReleaseMessage {
  op: 'release';
  ids: number[];
}

export type HostMessage = BaseEnvMessage | SparesMessage | StartMessage | ReleaseMessage;
export type HostWrite = HostMessage | BatchMessage<HostMessage>;

export interface StartedMessage {
  op: 'started';
  id: number;
  pid: number;
  /** Its start time (field 22 of /proc/<pid>/stat; 0 when unread), so the host needs no read of its own. */
  startTicks: number;
  /** The command was forked in the start's `cgroup` (false: the helper could not join it). */
  inCgroup: boolean;
}

/** The command could not start: the fields of the error Node's own spawn raises. */
export interface FailedMessage {
  op: 'failed';
  id: number;
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

export interface ExitMessage {
  op: 'exit';
  id: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The command was forked in its cgroup, and the helper read that cgroup empty once the command had exited. */
  emptied?: boolean;
}

/** The helper listens (sent once, first). */
export interface ReadyMessage {
  op: 'ready';
  /** How it spawns: glibc's posix_spawn, libuv's handles directly, or child_process and net (helper-spawn-source.ts). */
  spawnPath?: 'posix_spawn' | 'bindings' | 'portable';
}

export type HelperMessage = ReadyMessage | StartedMessage | FailedMessage | ExitMessage;
export type HelperWrite = HelperMessage | BatchMessage<HelperMessage>;
