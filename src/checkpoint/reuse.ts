import type { Published } from './published.js';
import type { CheckpointEntry } from './types.js';

/** A file changed this close to a save may share its size, mtime and ctime with the saved one: read it again. */
const RACY_WINDOW_NS = 1_000_000_000n;

/** A published manifest whose stored copies can stand for files that have not changed since. */
export interface ReuseSource {
  folder: string;
  entries: CheckpointEntry[];
  byPath: Map<string, CheckpointEntry>;
  trustedBeforeNs: bigint;
}

export async function loadReuseSource(published: Published, read: (published: Published) => Promise<CheckpointEntry[]>): Promise<ReuseSource> {
  const entries = await read(published);
  const startedNs = BigInt(Date.parse(published.info.createdAt)) * 1_000_000n;
  return { folder: published.folder, entries, byPath: new Map(entries.map((e) => [e.path, e])), trustedBeforeNs: startedNs - RACY_WINDOW_NS };
}

/**
 * The saved entry when `entry` is the same file untouched since: same inode, size, mtime and ctime (git's quick check),
 * and not changed within a second of that save, where a later write could leave all four equal.
 */
export function reusable(entry: CheckpointEntry, source: ReuseSource | undefined): CheckpointEntry | undefined {
  const old = source?.byPath.get(entry.path);
  if (!old || old.type !== 'file' || entry.type !== 'file') return undefined;
  if (old.ino !== entry.ino || old.size !== entry.size || old.mtimeNs !== entry.mtimeNs || old.ctimeNs !== entry.ctimeNs) return undefined;
  return BigInt(old.ctimeNs) < (source as ReuseSource).trustedBeforeNs ? old : undefined;
}
