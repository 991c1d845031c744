import treeKill from 'tree-kill';
import { readProcEntries, runProcesses } from '../process/proc-scan.js';

const isWindows = process.platform === 'win32';

/** Sends `signal` to the whole process group led by `pid`. True when the group existed. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  if (isWindows) {
    // No process groups on Windows: tree-kill walks the tree (one `taskkill /T`).
    treeKill(pid, signal);
    return true;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while any live (non-zombie) process of the group led by `pid` remains. */
export async function groupAlive(pid: number): Promise<boolean> {
  if (isWindows) return false;
  try {
    process.kill(-pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // kill(2) also counts zombies, which an init that reaps slowly (as in containers) leaves for seconds.
  if (process.platform !== 'linux') return true;
  return readProcEntries().some((entry) => entry.pgid === pid && !entry.zombie);
}

/** Pids of the live processes whose environment carries this run's tag (including those that left the group via setsid). */
export async function findTaggedProcesses(runTag: string): Promise<number[]> {
  return runProcesses({ pgid: -1, startTicks: 0, tag: runTag });
}

export function killPids(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
