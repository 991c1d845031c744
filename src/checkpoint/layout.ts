import { join } from 'node:path';
import { labelKey } from './label.js';
import { originKey } from './store-dir.js';

/**
 * Where things live in the store:
 *   <dir>/<origin-key>/origin.json                  the origin's real path
 *   <dir>/<origin-key>/objects/<content-id>         stored copies of files, immutable, shared by every checkpoint that has them
 *   <dir>/<origin-key>/checkpoints/<label-key>/     published checkpoints: info.json, manifest.json
 *   <dir>/<origin-key>/staging/<pid>-<random>/      saves in progress (their new copies under objects/), published by renames
 *   <dir>/<origin-key>/lock                         pid of the process saving, restoring or dropping
 */
export interface OriginLayout {
  origin: string;
  root: string;
  checkpoints: string;
  objects: string;
  staging: string;
}

export function originLayout(storeDir: string, realOrigin: string): OriginLayout {
  return layoutAt(join(storeDir, originKey(realOrigin)), realOrigin);
}

export function layoutAt(root: string, realOrigin: string): OriginLayout {
  return {
    origin: realOrigin,
    root,
    checkpoints: join(root, 'checkpoints'),
    objects: join(root, 'objects'),
    staging: join(root, 'staging'),
  };
}

export function checkpointDir(layout: OriginLayout, label: string): string {
  return join(layout.checkpoints, labelKey(label));
}

export function objectPath(objects: string, contentId: string): string {
  return join(objects, contentId);
}

export const INFO_FILE = 'info.json';
export const MANIFEST_FILE = 'manifest.json';
export const ORIGIN_FILE = 'origin.json';
export const LOCK_FILE = 'lock';
