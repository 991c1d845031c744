import type { BigIntStats } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import type { ExcludeTest } from './excludes.js';
import type { CheckpointEntry, CheckpointEntryType } from './types.js';

export interface ScanLimits {
  maxBytes: number;
  maxFiles: number;
}

export interface ScannedEntry extends CheckpointEntry {
  dev: number;
}

export interface Scan {
  entries: ScannedEntry[];
  bytes: number;
}

function entryType(stats: BigIntStats): CheckpointEntryType | undefined {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'dir';
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice()) return 'char-device';
  if (stats.isBlockDevice()) return 'block-device';
  return undefined;
}

async function toEntry(path: string, absolute: string, stats: BigIntStats): Promise<ScannedEntry | undefined> {
  const type = entryType(stats);
  if (type === undefined) return undefined;
  const entry: ScannedEntry = {
    path,
    type,
    mode: Number(stats.mode & 0o7777n),
    size: type === 'file' ? Number(stats.size) : 0,
    mtimeNs: stats.mtimeNs.toString(),
    ino: Number(stats.ino),
    ctimeNs: stats.ctimeNs.toString(),
    dev: Number(stats.dev),
  };
  if (type === 'symlink') entry.target = await readlink(absolute);
  return entry;
}

function tooLarge(root: string, what: string, limits: ScanLimits, counts: { bytes: number; entries: number }): TershError {
  return new TershError('CHECKPOINT_TOO_LARGE', `${root} is too large to checkpoint: ${what}. Exclude paths with \`exclude\` or raise \`maxBytes\` / \`maxFiles\`.`, {
    details: { origin: root, ...counts, maxBytes: limits.maxBytes, maxFiles: limits.maxFiles },
  });
}

/**
 * Lists a tree depth-first in name order, never following symlinks, stopping with `CHECKPOINT_TOO_LARGE`
 * as soon as a limit is passed. Paths that vanish while listing are skipped.
 */
export async function scanTree(root: string, exclude: ExcludeTest, limits: ScanLimits): Promise<Scan> {
  const rootEntry = await toEntry('.', root, await lstat(root, { bigint: true }));
  const entries: ScannedEntry[] = [rootEntry as ScannedEntry];
  const counts = { bytes: 0, entries: 1 };

  async function walk(relative: string, absolute: string): Promise<void> {
    const names = (await readdir(absolute).catch(() => [] as string[])).sort();
    const children = await Promise.all(
      names.map(async (name) => {
        const path = relative === '.' ? name : `${relative}/${name}`;
        const childAbsolute = join(absolute, name);
        const stats = await lstat(childAbsolute, { bigint: true }).catch(() => undefined);
        if (!stats || exclude(path, stats.isDirectory())) return undefined;
        return toEntry(path, childAbsolute, stats).catch(() => undefined);
      }),
    );
    for (const child of children) {
      if (!child) continue;
      entries.push(child);
      counts.entries += 1;
      counts.bytes += child.size;
      if (counts.entries > limits.maxFiles) throw tooLarge(root, `more than ${limits.maxFiles} entries`, limits, counts);
      if (counts.bytes > limits.maxBytes) throw tooLarge(root, `more than ${limits.maxBytes} bytes`, limits, counts);
      if (child.type === 'dir') await walk(child.path, join(absolute, child.path.slice(child.path.lastIndexOf('/') + 1)));
    }
  }

  await walk('.', root);
  return { entries, bytes: counts.bytes };
}
