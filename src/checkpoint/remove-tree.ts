import { lstatSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TargetDirs } from './target-dirs.js';

/**
 * Removes the folder `relative` of the target and everything in it, one folder handle at a time: a sub-folder swapped
 * for a symlink meanwhile is unlinked as the link it has become, never followed. A folder already gone is fine.
 */
export async function removeTree(dirs: TargetDirs, relative: string): Promise<void> {
  let lease: ReturnType<TargetDirs['lease']>;
  try {
    lease = dirs.lease(relative);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    for (const name of readdirSync(lease.path)) {
      const child = `${lease.path}/${name}`;
      const stats = lstatSync(child, { throwIfNoEntry: false });
      if (stats?.isDirectory()) await removeTree(dirs, `${relative}/${name}`);
      else if (stats) unlinkSync(child);
    }
  } finally {
    lease.release();
  }
  dirs.forget(relative);
  rmdirSync(dirs.path(relative));
  await yieldToEventLoop();
}
