import { lstatSync, readdirSync, readlinkSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
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

function toEntry(path: string, absolute: string, stats: BigIntStats): ScannedEntry | undefined {
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
  if (type === 'symlink') entry.target = readlinkSync(absolute);
  return entry;
}

function tryEntry(path: string, absolute: string, exclude: ExcludeTest): ScannedEntry | undefined {
  try {
    const stats = lstatSync(absolute, { bigint: true });
    return exclude(path, stats.isDirectory()) ? undefined : toEntry(path, absolute, stats);
  } catch {
    return undefined;
  }
}

function tooLarge(root: string, what: string, limits: ScanLimits, counts: { bytes: number; entries: number }): TershError {
  return new TershError('CHECKPOINT_TOO_LARGE', `${root} is too large to checkpoint: ${what}. Exclude paths with \`exclude\` or raise \`maxBytes\` / \`maxFiles\`.`, {
    details: { origin: root, ...counts, maxBytes: limits.maxBytes, maxFiles: limits.maxFiles },
  });
}

/**
 * Lists a tree depth-first in name order, never following symlinks, stopping with `CHECKPOINT_TOO_LARGE`
 * as soon as a limit is passed. Paths that vanish while listing are skipped. Each folder is read with
 * synchronous calls (several times faster than a promise per stat) and the event loop gets a turn between folders.
 */
export async function scanTree(root: string, exclude: ExcludeTest, limits: ScanLimits): Promise<Scan> {
  const rootEntry = toEntry('.', root, lstatSync(root, { bigint: true })) as ScannedEntry;
  const entries: ScannedEntry[] = [rootEntry];
  const counts = { bytes: 0, entries: 1 };

  async function walk(relative: string, absolute: string): Promise<void> {
    let names: string[];
    try {
      names = readdirSync(absolute).sort();
    } catch {
      return;
    }
    const children: ScannedEntry[] = [];
    for (const name of names) {
      const path = relative === '.' ? name : `${relative}/${name}`;
      const child = tryEntry(path, join(absolute, name), exclude);
      if (!child) continue;
      children.push(child);
      counts.entries += 1;
      counts.bytes += child.size;
      if (counts.entries > limits.maxFiles) throw tooLarge(root, `more than ${limits.maxFiles} entries`, limits, counts);
      if (counts.bytes > limits.maxBytes) throw tooLarge(root, `more than ${limits.maxBytes} bytes`, limits, counts);
    }
    await yieldToEventLoop();
    for (const child of children) {
      entries.push(child);
      if (child.type === 'dir') await walk(child.path, join(absolute, child.path.slice(child.path.lastIndexOf('/') + 1)));
    }
  }

  await walk('.', root);
  return { entries, bytes: counts.bytes };
}
