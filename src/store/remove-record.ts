import { readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { META_FILE } from './record-meta.js';

/**
 * Removes a record's folder: its files, the meta first (a removal cut short never leaves a record that reads as
 * complete), then the folder. A record known to hold `meta.json` alone (`metaOnly`: a silent run's, made by this
 * process) is not read first: 2 thread-pool round trips, where `rm -r` takes 6 (it lstats each entry and tries the
 * rmdir first). Anything else (a file or folder another process put there, a race with another remover) ends by `rm -r`.
 */
export async function removeRecordFolder(dir: string, metaOnly = false): Promise<void> {
  try {
    const names = metaOnly ? [META_FILE] : await readdir(dir);
    if (names.includes(META_FILE)) await unlink(join(dir, META_FILE));
    await Promise.all(names.filter((name) => name !== META_FILE).map((name) => unlink(join(dir, name))));
    await rmdir(dir);
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}
