import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { EMPTY_HASH } from './copy-file.js';
import { readManifest } from './manifest.js';
import { forEachLimit } from './pool.js';
import type { Published } from './published.js';
import type { CheckpointEntry } from './types.js';

/** A file changed this close to a save may share its size, mtime and ctime with the saved one: read it again. */
const RACY_WINDOW_NS = 1_000_000_000n;

/** A published manifest whose file hashes (and stored copies) can stand for files that have not changed since. */
export interface ReuseSource {
  folder: string;
  entries: CheckpointEntry[];
  byPath: Map<string, CheckpointEntry>;
  trustedBeforeNs: bigint;
}

export async function loadReuseSource(published: Published): Promise<ReuseSource> {
  const entries = await readManifest(published.folder);
  const startedNs = BigInt(Date.parse(published.info.createdAt)) * 1_000_000n;
  return { folder: published.folder, entries, byPath: new Map(entries.map((e) => [e.path, e])), trustedBeforeNs: startedNs - RACY_WINDOW_NS };
}

/** The saved entry when `entry` is the same file, untouched since: same inode, size, mtime and ctime, not changed right around that save. */
export function reusable(entry: CheckpointEntry, source: ReuseSource | undefined): CheckpointEntry | undefined {
  const old = source?.byPath.get(entry.path);
  if (!old || old.type !== 'file' || entry.type !== 'file' || old.hash === undefined) return undefined;
  if (old.ino !== entry.ino || old.size !== entry.size || old.mtimeNs !== entry.mtimeNs || old.ctimeNs !== entry.ctimeNs) return undefined;
  return BigInt(old.ctimeNs) < (source as ReuseSource).trustedBeforeNs ? old : undefined;
}

async function hashFile(path: string): Promise<string> {
  const digest = createHash('sha1');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) digest.update(chunk as Buffer);
  return digest.digest('hex');
}

/** Gives every file entry its hash, from a reuse source where the file is untouched, else by reading it. */
export async function fillHashes(root: string, entries: CheckpointEntry[], sources: readonly ReuseSource[]): Promise<void> {
  const files = entries.filter((e) => e.type === 'file');
  await forEachLimit(files, 8, async (entry) => {
    const known = sources.map((source) => reusable(entry, source)).find((found) => found !== undefined);
    if (known) entry.hash = known.hash as string;
    else entry.hash = entry.size === 0 ? EMPTY_HASH : await hashFile(join(root, entry.path));
  });
}
