import type { RunGroup } from '../process/launcher.js';

const POLL_MS = 250;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface OrphanWatch {
  /** The job's processes, wherever they run. */
  group: RunGroup;
  /** Called with the pids still running after every poll that changed them. */
  onChange(pids: number[]): void;
}

/**
 * Polls the known leftover pids every 250 ms; when they are all gone, one look at the run's processes
 * catches those they started meanwhile. Resolves when none is left.
 */
export async function watchOrphans(initial: readonly number[], watch: OrphanWatch): Promise<void> {
  let pids = [...initial];
  for (;;) {
    const alive = await watch.group.alive(pids);
    if (alive.length === 0) {
      const newcomers = await watch.group.remaining();
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
