import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { META_FILE } from './record-meta.js';

/** Spares kept at most: a full store evicts a batch of 32 at a time (eviction.ts), then takes them one a run. */
const MOST_SPARES = 64;
const PREFIX = '.spare-';

/**
 * Folders of evicted silent records (each holding its `meta.json` alone), kept under a name no reader looks at, to
 * hold the next silent records: a record then costs an overwrite of that meta and a rename, where a new folder and a
 * new file cost the kernel ~450 µs of CPU on ext4 here (the inode allocations: `docs/store.md`). A folder named by a
 * record's id never holds another record's meta: the new meta is written while the folder is a spare, then it takes
 * the id's name (and should a power cut lose that overwrite, readers take a meta naming another id as torn). Spares are this process's alone; another process's are removed at its rescans (a crash's leftovers).
 */
export class SpareFolders {
  private readonly free: string[] = [];
  private made = 0;
  private readonly prefix = `${PREFIX}${randomBytes(6).toString('hex')}-`;

  constructor(private readonly dir: string) {}

  /**
   * Takes an evicted silent record's folder away from its id, kept as a spare when it holds its meta alone (else
   * removed); false when enough are kept or it could not be moved (the caller removes it as any record). The rename
   * and the listing are made on the event loop: each costs less there than its hand-off to the thread pool.
   */
  async keep(recordDir: string): Promise<boolean> {
    if (this.free.length >= MOST_SPARES) return false;
    const spare = join(this.dir, `${this.prefix}${(this.made += 1)}`);
    try {
      renameSync(recordDir, spare);
    } catch {
      return false;
    }
    // Anything another process put there (a file named `stdout`…) would move into the next record: such a spare goes.
    if (holdsMetaAlone(spare)) this.free.push(spare);
    else await rm(spare, { recursive: true, force: true }).catch(() => undefined);
    return true;
  }

  /** A spare folder, now the caller's (to rename to a record's id, or remove), if one is kept. */
  take(): string | undefined {
    return this.free.pop();
  }

  /** Removes the spares other processes left (this one's are in use). */
  async removeOthers(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const others = names.filter((name) => name.startsWith(PREFIX) && !name.startsWith(this.prefix));
    await Promise.all(others.map((name) => rm(join(this.dir, name), { recursive: true, force: true }).catch(() => undefined)));
  }
}

function holdsMetaAlone(folder: string): boolean {
  try {
    const names = readdirSync(folder);
    return names.length === 1 && names[0] === META_FILE;
  } catch {
    return false;
  }
}
