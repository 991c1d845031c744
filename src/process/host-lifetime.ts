import { onExit } from 'signal-exit';
import { cgroupPids, createCgroupParent, createRunCgroup, killCgroup, removeCgroup } from './cgroup.js';
import { readProcEntries, runProcesses, type RunMarks } from './proc-scan.js';
import { Watchdog } from './watchdog.js';

/** A run that must not outlive this host. */
export interface HeldRun extends RunMarks {
  cgroup?: string | undefined;
}

// The one piece of process-wide state in tersh: the host's live runs, its watchdog and its cgroup folder.
// A process exits once, whichever shell or job manager started what, so one hook and one watchdog serve all.
interface HostState {
  runs: Map<string, HeldRun>;
  watchdog: Watchdog | undefined;
  /** undefined: not probed yet; null: no cgroups here (or not allowed to move processes). */
  cgroupParent: string | null | undefined;
  /** A move of a run's pid into its cgroup has worked here: the wrapper's own move (the same write) can be trusted. */
  cgroupMovesWork: boolean;
  /** Emptied run cgroups kept for the next runs, instead of an rmdir now and a mkdir then. */
  idleCgroups: string[];
  removeExitHook: (() => void) | undefined;
  /** Removes the exit hook once the host has held no run for a while. */
  unhookTimer: NodeJS.Timeout | undefined;
  watchdogStarts: number;
}

/** A watchdog that keeps dying (or cannot start) is not restarted for every run: the exit hook still serves. */
const MAX_WATCHDOG_STARTS = 3;

/**
 * The exit hook stays this long after the last run ends: installing it sets a handler for a dozen signals
 * (0.2 ms of CPU, about 1 ms on a loaded machine, per install), which runs one after another would otherwise pay each.
 */
const UNHOOK_AFTER_IDLE_MS = 1_000;

/**
 * Emptied run cgroups kept at most: a cgroup's mkdir and its rmdir each take the kernel's cgroup_mutex, which every
 * process of the machine shares (1.5–1.7 ms of blocked event loop each, 8 runs in flight on this loaded machine).
 */
const IDLE_CGROUPS_KEPT = 8;

const host: HostState = {
  runs: new Map(),
  watchdog: undefined,
  cgroupParent: undefined,
  cgroupMovesWork: false,
  idleCgroups: [],
  removeExitHook: undefined,
  unhookTimer: undefined,
  watchdogStarts: 0,
};

/**
 * A fresh cgroup for a run, where this host may create them; undefined otherwise. The watchdog removes the
 * host's cgroup folder if the host dies, unless `watchdog` is false (the warm spawner's helper does it then).
 */
export function runCgroup(tag: string, options: { watchdog: boolean } = { watchdog: true }): string | undefined {
  if (host.cgroupParent === undefined) host.cgroupParent = createCgroupParent() ?? null;
  if (host.cgroupParent && options.watchdog) ensureWatchdog()?.setParent(host.cgroupParent);
  if (!host.cgroupParent) return undefined;
  return host.idleCgroups.pop() ?? createRunCgroup(host.cgroupParent, tag);
}

/**
 * Keeps a run's cgroup for the next run once nothing is left in it (`emptied`: known so already, no read), else
 * removes it; false while processes remain.
 */
export function retireCgroup(path: string, emptied = false): boolean {
  if (host.cgroupParent && host.idleCgroups.length < IDLE_CGROUPS_KEPT && (emptied || cgroupPids(path).length === 0)) {
    host.idleCgroups.push(path);
    return true;
  }
  return removeCgroup(path);
}

/** Stops giving runs cgroups (this host turned out not to be allowed to move processes into them). */
export function giveUpCgroups(): void {
  for (const path of host.idleCgroups.splice(0)) removeCgroup(path);
  host.cgroupParent = null;
  host.cgroupMovesWork = false;
}

/** The host moved a run's pid into its cgroup: this host may move processes there. */
export function noteCgroupMoveWorked(): void {
  host.cgroupMovesWork = true;
}

/** Whether a run's wrapper, which moves itself by the same write before the command runs, can be trusted to have. */
export function cgroupMovesWork(): boolean {
  return host.cgroupMovesWork;
}

function ensureWatchdog(): Watchdog | undefined {
  if (!host.watchdog?.isAlive && host.watchdogStarts < MAX_WATCHDOG_STARTS) {
    host.watchdogStarts += 1;
    host.watchdog = Watchdog.start();
    if (host.cgroupParent) host.watchdog?.setParent(host.cgroupParent);
    for (const run of host.runs.values()) host.watchdog?.watch(run);
  }
  return host.watchdog;
}

/** Kills every held run, synchronously: the host is exiting (normal exit, uncaught exception, a signal). */
function killHeldRuns(): void {
  const runs = [...host.runs.values()];
  // Scan before the first kill: a descendant is found through its parent only while that parent lives.
  const entries = readProcEntries();
  const found = runs.map((run) => (run.cgroup ? [] : runProcesses(run, entries)));
  for (const run of runs) {
    if (run.cgroup) killCgroup(run.cgroup);
    try {
      process.kill(-run.pgid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const pids of found) {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
}

function removeIdleExitHook(): void {
  if (host.runs.size > 0) return;
  host.removeExitHook?.();
  host.removeExitHook = undefined;
}

/**
 * Ties a run to this host's life until the returned release is called: killed when the host exits in any
 * way a handler sees (signal-exit observes exits without taking the signals' default action away), and
 * by the watchdog for the deaths none sees (SIGKILL, the OOM killer) unless `watchdog` is false (the warm
 * spawner's helper, which started the run, is its watchdog). The release is told `emptied` when the run's cgroup is
 * known to hold nothing any more, so that it is kept for the next run without a read.
 */
export function holdRun(run: HeldRun, options: { watchdog: boolean } = { watchdog: true }): (emptied?: boolean) => void {
  host.runs.set(run.tag, run);
  if (options.watchdog) ensureWatchdog()?.watch(run);
  host.removeExitHook ??= onExit(() => killHeldRuns());
  let released = false;
  return (emptied = false) => {
    if (released) return;
    released = true;
    host.runs.delete(run.tag);
    // A run the watchdog never watched (the warm helper watches its own) costs it no line: a pipe write and a wake-up.
    if (options.watchdog) host.watchdog?.forget(run.tag);
    if (run.cgroup && !retireCgroup(run.cgroup, emptied)) {
      killCgroup(run.cgroup);
      setTimeout(() => removeCgroup(run.cgroup!), 100).unref();
    }
    // One timer, pushed back at each release (it leaves the hook alone while runs are held): no timer a run.
    if (host.runs.size === 0) {
      if (host.unhookTimer) host.unhookTimer.refresh();
      else host.unhookTimer = setTimeout(removeIdleExitHook, UNHOOK_AFTER_IDLE_MS).unref();
    }
  };
}
