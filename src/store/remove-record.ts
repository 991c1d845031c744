import { readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes a record's folder: its files, then the folder (3 thread-pool round trips for a silent run's record, where
 * `rm -r` takes 6: it lstats each entry and tries the rmdir first). Anything else (a folder in it, a race with another remover) ends by `rm -r`.
 */
export async function removeRecordFolder(dir: string): Promise<void> {
  try {
    const names = await readdir(dir);
    await Promise.all(names.map((name) => unlink(join(dir, name))));
    await rmdir(dir);
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}
