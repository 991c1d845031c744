import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCK_FILE, type OriginLayout } from './layout.js';
import { ensurePrivateDir } from './store-dir.js';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `task` holding the origin's lock, so no drop deletes stored copies a save or restore is using.
 * Waits while a live process holds it; a lock left by a dead process (killed mid-save) is taken over.
 */
export async function withOriginLock<T>(layout: OriginLayout, task: () => Promise<T>): Promise<T> {
  await ensurePrivateDir(layout.root);
  const lock = join(layout.root, LOCK_FILE);
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (Number.isSafeInteger(holder) && holder > 0 && !isAlive(holder)) await unlink(lock).catch(() => undefined);
      else await sleep(wait);
    }
  }
  try {
    return await task();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}
