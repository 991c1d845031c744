import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { objectPath } from './layout.js';
import type { ManifestIndex } from './manifest-cache.js';
import { forEachLimit } from './pool.js';
import { reusable, type ReuseSource } from './reuse.js';
import type { CheckpointEntry } from './types.js';

const CHUNK = 1 << 20;

/** Compares two files byte by byte, stopping at the first difference. */
export async function sameBytes(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([open(a, 'r'), open(b, 'r')]);
  try {
    const bufferA = Buffer.allocUnsafe(CHUNK);
    const bufferB = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const [readA, readB] = await Promise.all([left.read(bufferA, 0, CHUNK), right.read(bufferB, 0, CHUNK)]);
      if (readA.bytesRead !== readB.bytesRead) return false;
      if (readA.bytesRead === 0) return true;
      if (!bufferA.subarray(0, readA.bytesRead).equals(bufferB.subarray(0, readB.bytesRead))) return false;
    }
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

/** What decides without reading: equal copies by identity, different sizes, empty files. Undefined when the bytes must be compared. */
function quickVerdict(a: CheckpointEntry, b: CheckpointEntry): boolean | undefined {
  if (a.size !== b.size) return false;
  if (a.size === 0) return true;
  if (a.contentId !== undefined && a.contentId === b.contentId) return true;
  return undefined;
}

/** Paths of files present in both manifests whose content differs, reading `readA(entry)` / `readB(entry)` only where needed. */
export async function differingFiles(
  current: ManifestIndex,
  wanted: ManifestIndex,
  readCurrent: (entry: CheckpointEntry) => string,
  readWanted: (entry: CheckpointEntry) => string,
): Promise<Set<string>> {
  const then = wanted.byPath();
  const differing = new Set<string>();
  const toRead: [CheckpointEntry, CheckpointEntry][] = [];
  for (const now of current.entries) {
    if (now.type !== 'file') continue;
    const before = then.get(now.path);
    if (before?.type !== 'file') continue;
    const verdict = quickVerdict(now, before);
    if (verdict === undefined) toRead.push([now, before]);
    else if (!verdict) differing.add(now.path);
  }
  await forEachLimit(toRead, 4, async ([now, before]) => {
    if (!(await sameBytes(readCurrent(now), readWanted(before)))) differing.add(now.path);
  });
  return differing;
}

/** Gives a freshly scanned tree the content ids of files untouched since a checkpoint, so they compare without reading. */
export function inheritContentIds(entries: CheckpointEntry[], sources: readonly ReuseSource[]): void {
  for (const entry of entries) {
    if (entry.type !== 'file') continue;
    const known = sources.map((source) => reusable(entry, source)).find((found) => found !== undefined);
    if (known?.contentId !== undefined) entry.contentId = known.contentId;
  }
}

export const storedCopy =
  (objects: string) =>
  (entry: CheckpointEntry): string =>
    objectPath(objects, entry.contentId as string);
export const liveFile =
  (root: string) =>
  (entry: CheckpointEntry): string =>
    join(root, entry.path);
