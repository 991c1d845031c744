import type { ManifestIndex } from './manifest-cache.js';
import type { Published } from './published.js';
import type { CheckpointEntry } from './types.js';

/** A file changed this close to a save may share its size, mtime and ctime with the saved one: read it again. */
const RACY_WINDOW_NS = 1_000_000_000n;

/** A published manifest whose stored copies can stand for files that have not changed since. */
export interface ReuseSource {
  folder: string;
  entries: CheckpointEntry[];
  byPath: Map<string, CheckpointEntry>;
  /** Decimal nanoseconds: a file whose ctime is earlier was not changed within the racy window of that save. */
  trustedBeforeNs: string;
}

export async function loadReuseSource(
  published: Published,
  index: (published: Published) => Promise<ManifestIndex>,
): Promise<ReuseSource> {
  const manifest = await index(published);
  const startedNs = BigInt(Date.parse(published.info.createdAt)) * 1_000_000n;
  return {
    folder: published.folder,
    entries: manifest.entries,
    byPath: manifest.byPath(),
    trustedBeforeNs: (startedNs - RACY_WINDOW_NS).toString(),
  };
}

/** `a < b` for decimal integers, without parsing them when both are non-negative (as times since 1970 are). */
export function decimalLess(a: string, b: string): boolean {
  if (a.startsWith('-') || b.startsWith('-')) return BigInt(a) < BigInt(b);
  return a.length === b.length ? a < b : a.length < b.length;
}

/**
 * The saved entry when `entry` is the same file untouched since: same inode, size, mtime and ctime (git's quick check),
 * and not changed within a second of that save, where a later write could leave all four equal.
 */
export function reusable(entry: CheckpointEntry, source: ReuseSource | undefined): CheckpointEntry | undefined {
  const old = source?.byPath.get(entry.path);
  if (!old || old.type !== 'file' || entry.type !== 'file') return undefined;
  if (old.ino !== entry.ino || old.size !== entry.size || old.mtimeNs !== entry.mtimeNs || old.ctimeNs !== entry.ctimeNs)
    return undefined;
  return decimalLess(old.ctimeNs, (source as ReuseSource).trustedBeforeNs) ? old : undefined;
}
