import { randomBytes } from 'node:crypto';
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { collectGarbage } from './gc.js';
import type { OriginLayout } from './layout.js';
import { listPublished, type Published } from './published.js';
import { ensurePrivateDir } from './store-dir.js';

/** Unpublishes a checkpoint (one rename out of `checkpoints/`, so no listing shows it half removed), then deletes it. Caller holds the lock. */
export async function removePublished(layout: OriginLayout, published: Published): Promise<void> {
  const trash = join(layout.staging, `${process.pid}-drop-${randomBytes(6).toString('hex')}`);
  await ensurePrivateDir(layout.staging);
  await rename(published.folder, trash);
  await rm(trash, { recursive: true, force: true });
}

/** Drops the oldest undo checkpoints of an origin beyond `keep`, and the stored copies only they held. Caller holds the lock. */
export async function pruneUndoCheckpoints(layout: OriginLayout, keep: number): Promise<string[]> {
  const undos = (await listPublished(layout)).filter((p) => p.info.undoOf !== undefined);
  const excess = undos.slice(0, Math.max(0, undos.length - keep));
  for (const published of excess) await removePublished(layout, published);
  if (excess.length > 0) await collectGarbage(layout);
  return excess.map((p) => p.info.label);
}

/** Bytes a folder takes on disk: allocated blocks, so holes cost nothing and each stored copy counts once. */
export async function diskUsage(path: string): Promise<number> {
  const stats = await lstat(path).catch(() => undefined);
  if (!stats) return 0;
  let total = stats.blocks * 512;
  if (stats.isDirectory())
    for (const name of await readdir(path).catch(() => [] as string[])) total += await diskUsage(join(path, name));
  return total;
}
