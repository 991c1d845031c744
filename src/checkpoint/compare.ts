import type { ManifestIndex } from './manifest-cache.js';
import type { CheckpointDiff, CheckpointEntry } from './types.js';

function sameContent(a: CheckpointEntry, b: CheckpointEntry, differingFiles: ReadonlySet<string>): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'file') return !differingFiles.has(a.path);
  if (a.type === 'symlink') return a.target === b.target;
  return true;
}

/** Modification times are restored to the microsecond (what Node's `utimes` carries), so they compare at that precision. */
export function mtimeMicros(entry: CheckpointEntry): bigint {
  return BigInt(entry.mtimeNs) / 1000n;
}

function sameMetadata(a: CheckpointEntry, b: CheckpointEntry): boolean {
  const modeMatters = a.type !== 'symlink';
  return (!modeMatters || a.mode === b.mode) && (a.mtimeNs === b.mtimeNs || mtimeMicros(a) === mtimeMicros(b));
}

/** What a restore from `wanted` would do to a tree whose state is `current`, given the files whose content differs. Paths keep manifest order. */
export function compareEntries(
  current: ManifestIndex,
  wanted: ManifestIndex,
  differingFiles: ReadonlySet<string>,
): CheckpointDiff {
  const now = current.byPath();
  const then = wanted.byPath();
  const diff: CheckpointDiff = { changed: [], created: [], deleted: [], metadata: [] };
  for (const entry of current.entries) if (!then.has(entry.path)) diff.created.push(entry.path);
  for (const entry of wanted.entries) {
    const present = now.get(entry.path);
    if (!present) diff.deleted.push(entry.path);
    else if (!sameContent(present, entry, differingFiles)) diff.changed.push(entry.path);
    else if (!sameMetadata(present, entry)) diff.metadata.push(entry.path);
  }
  return diff;
}
