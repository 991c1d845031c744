import { randomBytes } from 'node:crypto';
import { chmodSync, lutimesSync, unlinkSync, utimesSync } from 'node:fs';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Copier } from './copy-file.js';
import { mtimeMicros } from './compare.js';
import { objectPath } from './layout.js';
import type { ManifestIndex } from './manifest-cache.js';
import { forEachLimit } from './pool.js';
import { makeFifo } from './special.js';
import type { CheckpointDiff, CheckpointEntry } from './types.js';

const CONCURRENCY = 8;

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

/** Synchronous: two quick syscalls cost less than two promises, and a restore sets them on every folder. */
function setMetadata(path: string, entry: CheckpointEntry): void {
  const now = Date.now() / 1000;
  if (entry.type === 'symlink') return lutimesSync(path, now, mtimeSeconds(entry));
  chmodSync(path, entry.mode);
  utimesSync(path, now, mtimeSeconds(entry));
}

/** Writes one non-folder entry beside its place with its final mode and mtime, then renames it over: readers never see half a file. */
async function writeEntry(plan: RestorePlan, entry: CheckpointEntry, tag: string): Promise<boolean> {
  const destination = join(plan.target, entry.path);
  const temporary = join(dirname(destination), `.tersh-restore-${tag}`);
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
    await rename(temporary, destination);
    return true;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
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

/** Applies a diff to the target: deletions, new folders, atomic rewrites, metadata, then folders' modes and mtimes last. Returns paths skipped. */
export async function applyRestore(plan: RestorePlan): Promise<string[]> {
  const current = plan.current.byPath();
  const wanted = plan.wanted.byPath();
  const abs = (path: string): string => join(plan.target, path);

  for (const entry of plan.current.entries) {
    if (entry.type === 'dir' && (entry.mode & 0o700) !== 0o700) chmodSync(abs(entry.path), entry.mode | 0o700);
  }
  const typeFlips = plan.diff.changed.filter((p) => current.get(p)?.type === 'dir' || wanted.get(p)?.type === 'dir');
  for (const path of topmost([...plan.diff.created, ...typeFlips])) {
    if (current.get(path)?.type !== 'dir' && unlinked(abs(path))) continue;
    await rm(abs(path), { recursive: true, force: true });
  }

  const toWrite: CheckpointEntry[] = [];
  for (const path of [...plan.diff.deleted, ...plan.diff.changed]) {
    const entry = wanted.get(path) as CheckpointEntry;
    if (entry.type === 'dir') await mkdir(abs(path), { recursive: true, mode: 0o700 });
    else toWrite.push(entry);
  }
  toWrite.sort((a, b) => (a.path < b.path ? -1 : 1));
  const skipped: string[] = [];
  const tag = randomBytes(6).toString('hex');
  let written = 0;
  await forEachLimit(toWrite, CONCURRENCY, async (entry) => {
    if (!(await writeEntry(plan, entry, `${tag}-${(written += 1)}`))) skipped.push(entry.path);
  });
  for (const path of plan.diff.metadata) {
    const entry = wanted.get(path) as CheckpointEntry;
    if (entry.type !== 'dir') setMetadata(abs(path), entry);
  }
  const folders = plan.wanted.entries.filter((e) => e.type === 'dir').reverse();
  for (const entry of folders) setMetadata(abs(entry.path), entry);
  return skipped.sort();
}
