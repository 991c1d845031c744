import { readFile } from 'node:fs/promises';
import treeKill from 'tree-kill';
import { runProcesses } from './proc-scan.js';

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

/** Sends `signal` to each of `pids`; returns those that received it. */
export function signalPids(pids: readonly number[], signal: NodeJS.Signals): number[] {
  return pids.filter((pid) => {
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false; // already gone
    }
  });
}

/** Pids of the live processes whose environment carries this run's tag (including those that left the group via setsid). */
export async function findTaggedProcesses(runTag: string): Promise<number[]> {
  return runProcesses({ pgid: -1, startTicks: 0, tag: runTag });
}

/** True while `pid` is a live process (a zombie waiting for a slow init to reap it counts as gone). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== '' && state !== 'Z' && state !== 'X';
}

/** Those of `pids` still alive. */
export async function alivePids(pids: readonly number[]): Promise<number[]> {
  const alive = await Promise.all(pids.map(isAlive));
  return pids.filter((_, index) => alive[index]);
}
