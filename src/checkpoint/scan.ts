import { constants, lstatSync, readdirSync, readlinkSync, type BigIntStats, type Stats } from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { TershError } from '../errors.js';
import type { ExcludeTest } from './excludes.js';
import { decimalLess, type ReuseSource } from './reuse.js';
import type { CheckpointEntry, CheckpointEntryType } from './types.js';

export interface ScanLimits {
  maxBytes: number;
  maxFiles: number;
}

export interface Scan {
  entries: CheckpointEntry[];
  /** The device of each entry, by index in `entries`: where a copy can be cloned is probed per device. */
  devices: number[];
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

function makeEntry(path: string, absolute: string, type: CheckpointEntryType, stats: Stats | BigIntStats, mtimeNs: string, ctimeNs: string): CheckpointEntry {
  const entry: CheckpointEntry = {
    path,
    type,
    mode: Number(stats.mode) & 0o7777,
    size: type === 'file' ? Number(stats.size) : 0,
    mtimeNs,
    ino: Number(stats.ino),
    ctimeNs,
  };
  if (type === 'symlink') entry.target = readlinkSync(absolute);
  return entry;
}

/** Exact times need BigInt stats: one more `lstat`, made only for entries the previous checkpoint cannot vouch for. */
function exactEntry(path: string, absolute: string): { entry: CheckpointEntry; dev: number } | undefined {
  const stats = lstatSync(absolute, { bigint: true, throwIfNoEntry: false });
  const type = stats && TYPES.get(Number(stats.mode) & constants.S_IFMT);
  if (!stats || type === undefined) return undefined;
  return { entry: makeEntry(path, absolute, type, stats, stats.mtimeNs.toString(), stats.ctimeNs.toString()), dev: Number(stats.dev) };
}

/** Whether decimal nanoseconds give exactly the milliseconds Node computes for a plain `Stats` (`sec * 1e3 + nsec / 1e6`). */
function sameMs(ns: string, ms: number): boolean {
  if (ns.length <= 9 || ns.startsWith('-')) return false;
  return Number(ns.slice(0, -9)) * 1e3 + Number(ns.slice(-9)) / 1e6 === ms;
}

/**
 * The entry for `path`, from a plain (number) `lstat` where the previous checkpoint saw the same inode with the same
 * mtime and ctime, its ctime older than that save's racy window: any change since would have moved the ctime by more
 * than a second, far beyond a double's precision, so the saved nanoseconds are this entry's. Otherwise from BigInt stats.
 */
function scanEntry(path: string, absolute: string, type: CheckpointEntryType, stats: Stats, previous: ReuseSource | undefined) {
  const old = previous?.byPath.get(path);
  if (
    old !== undefined &&
    old.type === type &&
    old.ino === stats.ino &&
    sameMs(old.mtimeNs, stats.mtimeMs) &&
    sameMs(old.ctimeNs, stats.ctimeMs) &&
    decimalLess(old.ctimeNs, (previous as ReuseSource).trustedBeforeNs)
  ) {
    return { entry: makeEntry(path, absolute, type, stats, old.mtimeNs, old.ctimeNs), dev: stats.dev };
  }
  return exactEntry(path, absolute);
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
 * With `previous` (the origin's latest checkpoint), entries unchanged since cost one plain `lstat` and no BigInt.
 */
export async function scanTree(root: string, exclude: ExcludeTest, limits: ScanLimits, previous?: ReuseSource): Promise<Scan> {
  const rootStats = lstatSync(root, { bigint: true });
  const entries: CheckpointEntry[] = [makeEntry('.', root, 'dir', rootStats, rootStats.mtimeNs.toString(), rootStats.ctimeNs.toString())];
  const devices: number[] = [Number(rootStats.dev)];
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
    for (const name of names) {
      const path = relative === '.' ? name : `${relative}/${name}`;
      const childAbsolute = `${absolute}/${name}`;
      let scanned: { entry: CheckpointEntry; dev: number } | undefined;
      try {
        const stats = lstatSync(childAbsolute, { throwIfNoEntry: false });
        const type = stats && TYPES.get(stats.mode & constants.S_IFMT);
        if (!stats || type === undefined || exclude(path, type === 'dir')) continue;
        scanned = scanEntry(path, childAbsolute, type, stats, previous);
      } catch {
        continue;
      }
      if (!scanned) continue;
      children.push(scanned.entry);
      childDevices.push(scanned.dev);
      counts.entries += 1;
      counts.bytes += scanned.entry.size;
      if (counts.entries > limits.maxFiles) throw tooLarge(root, `more than ${limits.maxFiles} entries`, limits, counts);
      if (counts.bytes > limits.maxBytes) throw tooLarge(root, `more than ${limits.maxBytes} bytes`, limits, counts);
    }
    await yieldToEventLoop();
    for (const [index, child] of children.entries()) {
      entries.push(child);
      devices.push(childDevices[index] as number);
      if (child.type === 'dir') await walk(child.path, `${absolute}/${child.path.slice(child.path.lastIndexOf('/') + 1)}`);
    }
  }

  await walk('.', root === '/' ? '' : root);
  return { entries, devices, bytes: counts.bytes };
}
