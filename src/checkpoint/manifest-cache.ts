import { readManifest } from './manifest.js';
import type { Published } from './published.js';
import type { CheckpointEntry } from './types.js';

const KEEP = 4;

/**
 * The last few manifests a store read or wrote, so the next save of a big tree does not parse its predecessor again.
 * Published manifests never change; the key includes the creation time because a dropped label may be saved again.
 */
export interface ManifestCache {
  read(published: Published): Promise<CheckpointEntry[]>;
  remember(published: Published, entries: CheckpointEntry[]): void;
}

export function createManifestCache(): ManifestCache {
  const cache = new Map<string, CheckpointEntry[]>();
  const keyOf = (published: Published): string => `${published.folder}\n${published.info.createdAt}`;
  const remember = (published: Published, entries: CheckpointEntry[]): void => {
    cache.delete(keyOf(published));
    cache.set(keyOf(published), entries);
    for (const key of cache.keys()) if (cache.size > KEEP) cache.delete(key);
  };
  return {
    async read(published) {
      const cached = cache.get(keyOf(published));
      if (cached) return cached;
      const entries = await readManifest(published.folder);
      remember(published, entries);
      return entries;
    },
    remember,
  };
}
