import { constants, lstatSync, readdirSync, readlinkSync, type BigIntStats } from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { TershError } from '../errors.js';
import type { ExcludeTest } from './excludes.js';
import { hasHoles } from './sparse-copy.js';
import type { CheckpointEntry, CheckpointEntryType } from './types.js';

export interface ScanLimits {
  maxBytes: number;
  maxFiles: number;
}

export interface Scan {
  entries: CheckpointEntry[];
  /** The device of each entry, by index in `entries`: where a copy can be cloned is probed per device. */
  devices: number[];
  /** Indices in `entries` of files with holes (fewer allocated blocks than their size), copied hole for hole. */
  sparse: Set<number>;
  bytes: number;
}

/** File types by the `S_IFMT` bits of `st_mode`. */
const TYPES = new Map<number, CheckpointEntryType>([
  [constants.S_IFREG, 'file'],
  [constants.S_IFDIR, 'dir'],
  [constants.S_IFLNK, 'symlink'],
  [constants.S_IFIFO, 'fifo'],
  [constants.S_IFSOCK, 'socket'],
  [constants.S_IFCHR, 'char-device'],
  [constants.S_IFBLK, 'block-device'],
]);

function scanEntry(path: string, absolute: string, type: CheckpointEntryType, stats: BigIntStats): CheckpointEntry {
  const entry: CheckpointEntry = {
    path,
    type,
    mode: Number(stats.mode) & 0o7777,
    size: type === 'file' ? Number(stats.size) : 0,
    mtimeNs: stats.mtimeNs.toString(),
    ino: Number(stats.ino),
    ctimeNs: stats.ctimeNs.toString(),
  };
  if (type === 'symlink') entry.target = readlinkSync(absolute);
  return entry;
}

function tooLarge(root: string, what: string, limits: ScanLimits, counts: { bytes: number; entries: number }): TershError {
  return new TershError(
    'CHECKPOINT_TOO_LARGE',
    `${root} is too large to checkpoint: ${what}. Exclude paths with \`exclude\` or raise \`maxBytes\` / \`maxFiles\`.`,
    {
      details: { origin: root, ...counts, maxBytes: limits.maxBytes, maxFiles: limits.maxFiles },
    },
  );
}

/**
 * Lists a tree depth-first in name order, never following symlinks, stopping with `CHECKPOINT_TOO_LARGE`
 * as soon as a limit is passed. Paths that vanish while listing are skipped. Each folder is read with
 * synchronous calls (several times faster than a promise per stat) and the event loop gets a turn between folders.
 */
export async function scanTree(root: string, exclude: ExcludeTest, limits: ScanLimits): Promise<Scan> {
  const rootStats = lstatSync(root, { bigint: true });
  const entries: CheckpointEntry[] = [scanEntry('.', root, 'dir', rootStats)];
  const devices: number[] = [Number(rootStats.dev)];
  const sparse = new Set<number>();
  const counts = { bytes: 0, entries: 1 };

  async function walk(relative: string, absolute: string): Promise<void> {
    let names: string[];
    try {
      names = readdirSync(absolute === '' ? '/' : absolute).sort();
    } catch {
      return;
    }
    const children: CheckpointEntry[] = [];
    const childDevices: number[] = [];
    const childSparse = new Set<CheckpointEntry>();
    for (const name of names) {
      const path = relative === '.' ? name : `${relative}/${name}`;
      const childAbsolute = `${absolute}/${name}`;
      let entry: CheckpointEntry;
      let dev: number;
      try {
        const stats = lstatSync(childAbsolute, { bigint: true, throwIfNoEntry: false });
        const type = stats && TYPES.get(Number(stats.mode) & constants.S_IFMT);
        if (!stats || type === undefined || exclude(path, type === 'dir')) continue;
        entry = scanEntry(path, childAbsolute, type, stats);
        dev = Number(stats.dev);
        if (type === 'file' && hasHoles(stats)) childSparse.add(entry);
      } catch {
        continue;
      }
      children.push(entry);
      childDevices.push(dev);
      counts.entries += 1;
      counts.bytes += entry.size;
      if (counts.entries > limits.maxFiles) throw tooLarge(root, `more than ${limits.maxFiles} entries`, limits, counts);
      if (counts.bytes > limits.maxBytes) throw tooLarge(root, `more than ${limits.maxBytes} bytes`, limits, counts);
    }
    await yieldToEventLoop();
    for (const [index, child] of children.entries()) {
      if (childSparse.has(child)) sparse.add(entries.length);
      entries.push(child);
      devices.push(childDevices[index] as number);
      if (child.type === 'dir') await walk(child.path, `${absolute}/${child.path.slice(child.path.lastIndexOf('/') + 1)}`);
    }
  }

  await walk('.', root === '/' ? '' : root);
  return { entries, devices, sparse, bytes: counts.bytes };
}
