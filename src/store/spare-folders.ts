import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { META_FILE } from './record-meta.js';
import { overwriteSmallFile, overwriteSmallFileSync } from './small-write.js';
import { SyncGate } from './sync-gate.js';

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

  constructor(
    private readonly dir: string,
    /** Gates the renames and the meta's overwrite: on the event loop while the disk is quick (sync-gate.ts). */
    readonly gate = new SyncGate(),
  ) {}

  /**
   * Takes an evicted silent record's folder away from its id, kept as a spare when it holds its meta alone (else
   * removed); false when enough are kept or it could not be moved (the caller removes it as any record).
   */
  async keep(recordDir: string): Promise<boolean> {
    if (this.free.length >= MOST_SPARES) return false;
    const spare = join(this.dir, `${this.prefix}${(this.made += 1)}`);
    let moved = false;
    let metaAlone = false;
    try {
      metaAlone = await this.gate.run(
        () => {
          renameSync(recordDir, spare);
          moved = true;
          return holdsMetaAlone(readdirSync(spare));
        },
        async () => {
          await rename(recordDir, spare);
          moved = true;
          return holdsMetaAlone(await readdir(spare));
        },
      );
    } catch {
      if (!moved) return false;
    }
    // Anything another process put there (a file named `stdout`…) would move into the next record: such a spare goes.
    if (metaAlone) this.free.push(spare);
    else await rm(spare, { recursive: true, force: true }).catch(() => undefined);
    return true;
  }

  /** Writes a record's meta into a spare taken, then gives the spare the record's name (its folder). */
  fill(spare: string, metaText: string, recordDir: string): Promise<void> {
    const meta = join(spare, META_FILE);
    return this.gate.run(
      () => {
        overwriteSmallFileSync(meta, metaText);
        renameSync(spare, recordDir);
      },
      async () => {
        await overwriteSmallFile(meta, metaText);
        await rename(spare, recordDir);
      },
    );
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

const holdsMetaAlone = (names: string[]): boolean => names.length === 1 && names[0] === META_FILE;
