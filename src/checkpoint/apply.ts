import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  futimesSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  openSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import { rename, rm, symlink, writeFile } from 'node:fs/promises';
import type { Copier } from './copy-file.js';
import { mtimeMicros } from './compare.js';
import { objectPath } from './layout.js';
import type { ManifestIndex } from './manifest-cache.js';
import { forEachLimit } from './pool.js';
import { removeTree } from './remove-tree.js';
import { makeFifo } from './special.js';
import { TargetDirs, targetChanged } from './target-dirs.js';
import type { CheckpointDiff, CheckpointEntry } from './types.js';

const CONCURRENCY = 8;
const OPEN_NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export interface RestorePlan {
  target: string;
  current: ManifestIndex;
  wanted: ManifestIndex;
  objects: string;
  diff: CheckpointDiff;
  copier: Copier;
  device: number;
}

/** Seconds for `utimes`, nudged half a microsecond up because libuv truncates to the microsecond. */
function mtimeSeconds(entry: CheckpointEntry): number {
  const micros = mtimeMicros(entry);
  return Number(micros / 1_000_000n) + (Number(micros % 1_000_000n) + 0.5) / 1e6;
}

/**
 * Sets mode and mtime, synchronously (two quick syscalls cost less than two promises, and a restore sets them on every
 * folder). Through a handle opened without following a symlink where the entry can be opened, so a file swapped for a
 * symlink meanwhile is never followed; by path (checked with `lstat`) where it cannot (no read permission).
 */
function setMetadata(path: string, entry: CheckpointEntry): void {
  const now = Date.now() / 1000;
  if (entry.type === 'symlink') return lutimesSync(path, now, mtimeSeconds(entry));
  let handle: number | undefined;
  try {
    handle = openSync(path, OPEN_NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
  }
  if (handle === undefined) {
    if (lstatSync(path).isSymbolicLink()) throw targetChanged(path, '.', 'became a symlink');
    chmodSync(path, entry.mode);
    return utimesSync(path, now, mtimeSeconds(entry));
  }
  try {
    fchmodSync(handle, entry.mode);
    futimesSync(handle, now, mtimeSeconds(entry));
  } finally {
    closeSync(handle);
  }
}

/** A folder's mode and mtime, through its handle where there is one. */
function setFolderMetadata(dirs: TargetDirs, entry: CheckpointEntry): void {
  const handle = dirs.handle(entry.path);
  if (handle === undefined) return setMetadata(dirs.folder(entry.path), entry);
  fchmodSync(handle, entry.mode);
  futimesSync(handle, Date.now() / 1000, mtimeSeconds(entry));
}

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash < 0 ? '.' : relative.slice(0, slash);
}

/** Writes one non-folder entry beside its place with its final mode and mtime, then renames it over: readers never see half a file. */
async function writeEntry(plan: RestorePlan, dirs: TargetDirs, entry: CheckpointEntry, tag: string): Promise<boolean> {
  const parent = parentOf(entry.path);
  const lease = dirs.lease(parent);
  try {
    return await writeEntryIn(plan, dirs, entry, tag, parent, lease.path);
  } finally {
    lease.release();
  }
}

async function writeEntryIn(
  plan: RestorePlan,
  dirs: TargetDirs,
  entry: CheckpointEntry,
  tag: string,
  parent: string,
  folder: string,
): Promise<boolean> {
  const destination = `${folder}/${entry.path.slice(entry.path.lastIndexOf('/') + 1)}`;
  const temporary = `${folder}/.tersh-restore-${tag}`;
  try {
    if (entry.type === 'file') {
      if (entry.contentId === undefined) await writeFile(temporary, '', { flag: 'wx', mode: 0o600 });
      else await plan.copier.copy(objectPath(plan.objects, entry.contentId), temporary, plan.device, 0o600);
    } else if (entry.type === 'symlink') {
      await symlink(entry.target ?? '', temporary);
    } else if (entry.type === 'fifo') {
      if (!(await makeFifo(temporary, entry.mode))) return false;
    } else {
      return false;
    }
    setMetadata(temporary, entry);
    dirs.confirmFolder(parent);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  try {
    dirs.confirmFolder(parent);
  } catch (error) {
    // The folder was moved out while the rename ran: take back what landed in it.
    unlinkSync(destination);
    throw error;
  }
  return true;
}

/** Unlinks what was a file when scanned; false when that did not settle it (it became a folder meanwhile, say). */
function unlinked(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

function topmost(paths: readonly string[]): string[] {
  const sorted = [...paths].sort();
  const kept: string[] = [];
  for (const path of sorted) {
    const last = kept.at(-1);
    if (last === undefined || !path.startsWith(`${last}/`)) kept.push(path);
  }
  return kept;
}

/** Opens up a folder the restore must write in (its final mode comes back last), never following a symlink. */
function openUp(dirs: TargetDirs, entry: CheckpointEntry): void {
  try {
    const handle = dirs.handle(entry.path);
    if (handle === undefined) chmodSync(dirs.folder(entry.path), entry.mode | 0o700);
    else fchmodSync(handle, entry.mode | 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    const path = dirs.path(entry.path);
    if (!lstatSync(path).isDirectory()) throw targetChanged(path, '.', 'is no longer a folder');
    chmodSync(path, entry.mode | 0o700);
  }
}

/**
 * Applies a diff to the target: deletions, new folders, atomic rewrites, metadata, then folders' modes and mtimes last.
 * Every step goes through `TargetDirs`, so nothing is written, removed or changed outside the target even when a folder
 * of it is swapped for a symlink or moved during the restore (that stops the restore with `CHECKPOINT_TARGET_CHANGED`).
 * Returns paths skipped.
 */
export async function applyRestore(plan: RestorePlan): Promise<string[]> {
  const dirs = new TargetDirs(plan.target);
  try {
    return await applyThrough(dirs, plan);
  } finally {
    dirs.close();
  }
}

async function applyThrough(dirs: TargetDirs, plan: RestorePlan): Promise<string[]> {
  const current = plan.current.byPath();
  const wanted = plan.wanted.byPath();

  for (const entry of plan.current.entries) {
    if (entry.type === 'dir' && (entry.mode & 0o700) !== 0o700) openUp(dirs, entry);
  }
  const typeFlips = plan.diff.changed.filter((p) => current.get(p)?.type === 'dir' || wanted.get(p)?.type === 'dir');
  for (const path of topmost([...plan.diff.created, ...typeFlips])) {
    if (current.get(path)?.type !== 'dir' && unlinked(dirs.path(path))) continue;
    await removeTree(dirs, path);
  }

  const toWrite: CheckpointEntry[] = [];
  for (const path of [...plan.diff.deleted, ...plan.diff.changed].sort()) {
    const entry = wanted.get(path) as CheckpointEntry;
    if (entry.type !== 'dir') toWrite.push(entry);
    else {
      try {
        mkdirSync(dirs.path(path), { mode: 0o700 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
  const skipped: string[] = [];
  const tag = randomBytes(6).toString('hex');
  let written = 0;
  await forEachLimit(toWrite, CONCURRENCY, async (entry) => {
    if (!(await writeEntry(plan, dirs, entry, `${tag}-${(written += 1)}`))) skipped.push(entry.path);
  });
  for (const path of plan.diff.metadata) {
    const entry = wanted.get(path) as CheckpointEntry;
    if (entry.type !== 'dir') setMetadata(dirs.path(path), entry);
  }
  const folders = plan.wanted.entries.filter((e) => e.type === 'dir').reverse();
  for (const entry of folders) setFolderMetadata(dirs, entry);
  return skipped.sort();
}
