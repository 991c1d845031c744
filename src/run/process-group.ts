import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import treeKill from 'tree-kill';
import { RUN_TAG_VARIABLE } from './child-env.js';

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
  return (await scanProcesses(pid, undefined)).groupMembers.length > 0;
}

interface ProcessScan {
  groupMembers: number[];
  tagged: number[];
}

/** One pass over /proc: the live members of a process group, and the live processes carrying a run tag. */
export async function scanProcesses(pgid: number | undefined, runTag: string | undefined): Promise<ProcessScan> {
  const scan: ProcessScan = { groupMembers: [], tagged: [] };
  if (process.platform !== 'linux') return scan;
  const needle = runTag === undefined ? undefined : Buffer.from(`${RUN_TAG_VARIABLE}=${runTag}\0`);
  const names = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
      .map(async (name) => {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.length < 3 || fields[0] === 'Z' || fields[0] === 'X') return;
        if (pgid !== undefined && Number(fields[2]) === pgid) scan.groupMembers.push(Number(name));
        if (!needle) return;
        const environ = await readFile(`/proc/${name}/environ`).catch(() => undefined);
        if (environ && (environ.subarray(0, needle.length).equals(needle) || environ.includes(Buffer.concat([Buffer.from([0]), needle])))) {
          scan.tagged.push(Number(name));
        }
      }),
  );
  scan.groupMembers.sort((a, b) => a - b);
  scan.tagged.sort((a, b) => a - b);
  return scan;
}

/** Pids of the live processes whose environment carries this run's tag (including those that left the group via setsid). */
export async function findTaggedProcesses(runTag: string): Promise<number[]> {
  return (await scanProcesses(undefined, runTag)).tagged;
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


/**
 * TERM to the group, KILL after `graceMs` if anything is left, then the same for tagged escapees.
 * Resolves with the escapee pids that were found.
 */
export async function terminateRun(pid: number, runTag: string, graceMs: number): Promise<number[]> {
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while ((await groupAlive(pid)) && Date.now() < deadline) await delay(Math.min(20, graceMs));
  if (await groupAlive(pid)) signalGroup(pid, 'SIGKILL');
  const escapees = await findTaggedProcesses(runTag);
  if (escapees.length > 0) {
    killPids(escapees, 'SIGTERM');
    await delay(Math.min(graceMs, 100));
    killPids(await findTaggedProcesses(runTag), 'SIGKILL');
  }
  return escapees;
}
