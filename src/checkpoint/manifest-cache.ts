import { readManifest } from './manifest.js';
import type { Published } from './published.js';
import type { CheckpointEntry } from './types.js';

const KEEP = 4;

/** A manifest's entries and, built on first use, the same entries by path. */
export interface ManifestIndex {
  entries: CheckpointEntry[];
  byPath(): Map<string, CheckpointEntry>;
}

/**
 * The last few manifests a store read or wrote, so the next save or restore of a big tree neither parses its predecessor
 * again nor indexes it again. Published manifests never change; the key includes the creation time because a dropped
 * label may be saved again.
 */
export interface ManifestCache {
  read(published: Published): Promise<CheckpointEntry[]>;
  index(published: Published): Promise<ManifestIndex>;
  remember(published: Published, index: ManifestIndex): void;
}

export function indexEntries(entries: CheckpointEntry[]): ManifestIndex {
  let map: Map<string, CheckpointEntry> | undefined;
  return { entries, byPath: () => (map ??= new Map(entries.map((e) => [e.path, e]))) };
}

export function createManifestCache(): ManifestCache {
  const cache = new Map<string, ManifestIndex>();
  const keyOf = (published: Published): string => `${published.folder}\n${published.info.createdAt}`;
  const keep = (published: Published, index: ManifestIndex): ManifestIndex => {
    cache.delete(keyOf(published));
    cache.set(keyOf(published), index);
    for (const key of cache.keys()) if (cache.size > KEEP) cache.delete(key);
    return index;
  };
  async function index(published: Published): Promise<ManifestIndex> {
    return cache.get(keyOf(published)) ?? keep(published, indexEntries(await readManifest(published.folder)));
  }
  return {
    index,
    read: async (published) => (await index(published)).entries,
    remember: (published, manifest) => void keep(published, manifest),
  };
}
