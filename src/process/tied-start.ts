import { enterCgroupAsync, removeCgroup } from './cgroup.js';
import { wouldStart } from './find-in-path.js';
import {
  cgroupMovesWork,
  giveUpCgroups,
  holdRun,
  noteCgroupMoveWorked,
  retireCgroup,
  runCgroup,
  type HeldRun,
} from './host-lifetime.js';
import type { LaunchRequest } from './launcher.js';
import { readProcEntry } from './proc-scan.js';
import { RunProcesses } from './run-processes.js';

// The command moves itself into its cgroup before it runs, so that nothing it forks starts outside.
const ENTER_CGROUP_SCRIPT = 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"';

/** What a starter gives back: the pid, its exit, and its start time when the starter read it already. */
export interface StartedProgram {
  pid: number;
  exit: Promise<unknown>;
  /** The pid's start time (field 22 of /proc/<pid>/stat), read by the starter; else the host reads it. */
  startTicks?: number | undefined;
  /** The starter forked it inside the cgroup it was given (see `forksInCgroup`). */
  inCgroup?: boolean | undefined;
}

/** Starts the program of `request` (wrapped to enter `cgroup` first, when there is one) and resolves once it has a pid. */
export type StartProgram<Started extends StartedProgram> = (
  request: LaunchRequest,
  cgroup: string | undefined,
) => Promise<Started>;

export interface TiedStartOptions {
  /** Registers the run with the host's watchdog (false: the starter kills it if the host dies). */
  watchdog: boolean;
  /**
   * The starter forks the program inside the cgroup it is given and says so in `inCgroup` (the warm spawner's
   * helper joins the cgroup for its fork): no wrapper, and no move by the host when it did.
   */
  forksInCgroup?: boolean;
  /** A cgroup kept ready for this run (the warm helper waits in it), taken before a new one is. */
  readyCgroup?: () => string | undefined;
}

export interface TiedStart<Started> {
  started: Started;
  processes: RunProcesses;
  /** Unties the run from the host's life; `emptied`: its cgroup is known to hold nothing any more. */
  release: (emptied?: boolean) => void;
}

/**
 * Starts a run's main process on this host, in a cgroup of its own where the host may create one, and ties it
 * to the host's life unless it is `detached` (`watchdog: false` when the starter itself kills it if the host dies).
 * Resolves as soon as the pid is known. The wrapper moves the command into the cgroup before it runs (or the starter
 * forks it there, `forksInCgroup`); the host moves
 * the pid too, meanwhile, until one such move has proved that moves work here, and from then on only when `processes`
 * first lists or kills anything of a run still running. `processes` waits for the move before it does.
 * No await comes between the start and the return, so a direct child's output is read from its first byte.
 */
export async function startTied<Started extends StartedProgram>(
  request: LaunchRequest,
  start: StartProgram<Started>,
  options: TiedStartOptions = { watchdog: true },
): Promise<TiedStart<Started>> {
  let cgroup = request.detached ? undefined : (options.readyCgroup?.() ?? runCgroup(request.tag, { watchdog: options.watchdog }));
  const forks = options.forksInCgroup === true;
  const wrap = cgroup !== undefined && !forks && (request.found === true || wouldStart(request.file, request.cwd, request.env));
  if (cgroup && !wrap && !forks) cgroup = void retireCgroup(cgroup);
  let started: Started;
  try {
    started = await start(
      wrap
        ? Object.assign({}, request, {
            file: '/bin/sh',
            args: ['-c', ENTER_CGROUP_SCRIPT, cgroup!, request.file, ...request.args],
          })
        : request,
      cgroup,
    );
  } catch (error) {
    if (cgroup) retireCgroup(cgroup);
    throw error;
  }
  const startTicks = started.startTicks ?? readProcEntry(started.pid)?.startTicks ?? 0;
  const marks = { pgid: started.pid, startTicks, tag: request.tag };
  const held: HeldRun = { pgid: marks.pgid, startTicks, tag: marks.tag, cgroup };
  const enter = async (): Promise<boolean> => {
    const entry = await enterCgroupAsync(cgroup!, started.pid);
    if (entry === 'moved') noteCgroupMoveWorked();
    if (entry === 'refused') {
      // Not allowed to move processes here: this run and the next go without cgroups.
      giveUpCgroups();
      removeCgroup(cgroup!);
      held.cgroup = undefined;
    }
    return entry !== 'refused';
  };
  if (cgroup && started.inCgroup) noteCgroupMoveWorked();
  const inPlace = cgroup === undefined || started.inCgroup === true;
  // A starter that could not fork it inside leaves the move to the host, at once (its forks would start outside).
  const movesLater = cgroupMovesWork() && !forks;
  let exited = false;
  if (!inPlace && movesLater) void started.exit.then(() => (exited = true));
  // Until a move has worked here, the host moves every pid at once (what proves it); then only when needed, and
  // not for a run that ended by itself: its wrapper had moved it before the command ran, so nothing of it started
  // outside, and a write would only take the kernel's migration lock (which stalls every fork on the machine).
  const entering = inPlace ? undefined : movesLater ? () => (exited ? Promise.resolve(true) : enter()) : enter();
  const processes = new RunProcesses(marks, cgroup, entering);
  const release =
    request.detached || process.platform === 'win32' ? () => undefined : holdRun(held, { watchdog: options.watchdog });
  return { started, processes, release };
}
