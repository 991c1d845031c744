import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readInfo } from './manifest.js';
import type { OriginLayout } from './layout.js';
import type { CheckpointInfo } from './types.js';

export interface Published {
  info: CheckpointInfo;
  folder: string;
}

/** Published checkpoints of one origin, oldest first. Staging folders are elsewhere, so a half-written save never shows. */
export async function listPublished(layout: OriginLayout): Promise<Published[]> {
  const names = await readdir(layout.checkpoints).catch(() => [] as string[]);
  const found: Published[] = [];
  for (const name of names) {
    const folder = join(layout.checkpoints, name);
    const info = await readInfo(folder).catch(() => undefined);
    if (info) found.push({ info, folder });
  }
  return found.sort((a, b) => a.info.createdAt.localeCompare(b.info.createdAt) || a.info.label.localeCompare(b.info.label));
}
