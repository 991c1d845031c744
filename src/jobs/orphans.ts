import { readFile } from 'node:fs/promises';

const POLL_MS = 250;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** True while `pid` is a live process (a zombie waiting for a slow init to reap it counts as gone). */
export async function isAlive(pid: number): Promise<boolean> {
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

export async function alivePids(pids: readonly number[]): Promise<number[]> {
  const alive = await Promise.all(pids.map(isAlive));
  return pids.filter((_, index) => alive[index]);
}

export interface OrphanWatch {
  /** Every live process of the job (its cgroup, or its group, session, descendants and tag). */
  remaining(): number[];
  /** Called with the pids still running after every poll that changed them. */
  onChange(pids: number[]): void;
}

/**
 * Polls the known leftover pids every 250 ms (one `kill(pid, 0)` each); when they are all gone,
 * one look at the run's processes catches those they started meanwhile. Resolves when none is left.
 */
export async function watchOrphans(initial: readonly number[], watch: OrphanWatch): Promise<void> {
  let pids = [...initial];
  for (;;) {
    const alive = await alivePids(pids);
    if (alive.length === 0) {
      const newcomers = watch.remaining();
      if (newcomers.length === 0) return;
      pids = newcomers;
      watch.onChange(pids);
    } else if (alive.length !== pids.length) {
      pids = alive;
      watch.onChange(pids);
    }
    await delay(POLL_MS);
  }
}
