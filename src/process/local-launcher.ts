import { alivePids, signalGroup, signalPids } from './group.js';
import type { LaunchedProcess, Launcher, RunGroup } from './launcher.js';
import type { RunProcesses } from './run-processes.js';
import { spawnChild } from './spawn.js';
import { startTied } from './tied-start.js';

/** The run's processes on this host, seen through the seam every launcher offers. */
export function localRunGroup(processes: RunProcesses): RunGroup {
  const { pgid } = processes.marks;
  return {
    remaining: async () => {
      await processes.whenReady();
      return processes.list();
    },
    leftovers: (mainPid) => processes.leftovers(mainPid),
    send: async (signal, pids = []) => {
      const group = signalGroup(pgid, signal);
      return signalPids(pids, signal).length > 0 || group;
    },
    signalAll: async (signal) => {
      await processes.whenReady();
      return processes.signal(signal);
    },
    waitGone: (ms, known) => processes.waitGone(ms, known),
    kill: () => processes.kill(),
    terminate: (graceMs) => processes.terminate(graceMs),
    alive: (pids) => alivePids(pids),
    get escapees() {
      return processes.escapees;
    },
  };
}

/** Starts processes on this host with `child_process.spawn`. */
export const localLauncher: Launcher = {
  async launch(request): Promise<LaunchedProcess> {
    const { started: child, processes, release } = await startTied(request, (program) => spawnChild(program));
    return {
      pid: child.pid,
      stdout: child.child.stdout!,
      stderr: child.child.stderr!,
      stdin: child.child.stdin,
      exit: child.exit,
      group: localRunGroup(processes),
      release,
    };
  },
};
