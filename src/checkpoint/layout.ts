import { join } from 'node:path';
import { labelKey } from './label.js';
import { originKey } from './store-dir.js';

/**
 * Where things live in the store:
 *   <dir>/<origin-key>/origin.json                  the origin's real path
 *   <dir>/<origin-key>/checkpoints/<label-key>/     published checkpoints: info.json, manifest.json, files/<blob>
 *   <dir>/<origin-key>/staging/<pid>-<random>/      saves in progress, renamed into checkpoints/ when complete
 */
export interface OriginLayout {
  origin: string;
  root: string;
  checkpoints: string;
  staging: string;
}

export function originLayout(storeDir: string, realOrigin: string): OriginLayout {
  const root = join(storeDir, originKey(realOrigin));
  return { origin: realOrigin, root, checkpoints: join(root, 'checkpoints'), staging: join(root, 'staging') };
}

export function checkpointDir(layout: OriginLayout, label: string): string {
  return join(layout.checkpoints, labelKey(label));
}

export function blobPath(checkpointFolder: string, blob: number): string {
  return join(checkpointFolder, 'files', String(blob));
}

export const INFO_FILE = 'info.json';
export const MANIFEST_FILE = 'manifest.json';
export const ORIGIN_FILE = 'origin.json';
