import { readdir, unlink } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { objectPath, type OriginLayout } from './layout.js';
import { readManifest } from './manifest.js';
import { listPublished } from './published.js';

/** Deletes stored copies no published checkpoint refers to (after a drop, or left by a save killed while publishing). Caller holds the lock. */
export async function collectGarbage(layout: OriginLayout): Promise<number> {
  const referenced = new Set<string>();
  for (const published of await listPublished(layout)) {
    for (const entry of await readManifest(published.folder)) if (entry.contentId !== undefined) referenced.add(entry.contentId);
  }
  let removed = 0;
  for (const id of await readdir(layout.objects).catch(() => [] as string[])) {
    if (referenced.has(id)) continue;
    await unlink(objectPath(layout.objects, id)).catch(() => undefined);
    if (++removed % 256 === 0) await yieldToEventLoop();
  }
  return removed;
}
