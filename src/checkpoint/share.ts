import { join } from 'node:path';
import { mtimeMicros } from './compare.js';
import { sameBytes } from './content.js';
import { objectPath } from './layout.js';
import { forEachLimit } from './pool.js';
import type { Published } from './published.js';
import type { ReuseSource } from './reuse.js';
import type { CheckpointEntry } from './types.js';

/**
 * The checkpoint the tree was last restored to, when the latest checkpoint is the undo that restore took: the files
 * that restore wrote have new inodes, so the quick check cannot vouch for them, yet their bytes are that checkpoint's.
 */
export function restoredTo(published: readonly Published[]): Published | undefined {
  const undoOf = published.at(-1)?.info.undoOf;
  return undoOf === undefined ? undefined : published.find((p) => p.info.label === undoOf);
}

/**
 * Gives files about to be copied the stored copy of the checkpoint they were restored from, when the path there has
 * the same size and mtime (to the µs, as restored) and the bytes compare equal. Returns the indices still to copy.
 */
export async function shareRestoredCopies(
  entries: CheckpointEntry[],
  toCopy: readonly number[],
  origin: string,
  objects: string,
  source: ReuseSource | undefined,
): Promise<number[]> {
  if (!source) return [...toCopy];
  const shared = new Set<number>();
  const candidates = toCopy.filter((index) => {
    const entry = entries[index] as CheckpointEntry;
    const old = source.byPath.get(entry.path);
    return (
      old?.type === 'file' && old.contentId !== undefined && old.size === entry.size && mtimeMicros(old) === mtimeMicros(entry)
    );
  });
  await forEachLimit(candidates, 4, async (index) => {
    const entry = entries[index] as CheckpointEntry;
    const old = source.byPath.get(entry.path) as CheckpointEntry;
    if (await sameBytes(join(origin, entry.path), objectPath(objects, old.contentId as string)).catch(() => false)) {
      entry.contentId = old.contentId as string;
      shared.add(index);
    }
  });
  return toCopy.filter((index) => !shared.has(index));
}
