import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import type { Copier } from './copy-file.js';
import type { ExcludeTest } from './excludes.js';
import { collectGarbage } from './gc.js';
import { checkpointDir, objectPath, type OriginLayout } from './layout.js';
import { isAlive } from './lock.js';
import { writeInfo, writeManifest } from './manifest.js';
import { indexEntries, type ManifestCache, type ManifestIndex } from './manifest-cache.js';
import { forEachLimit } from './pool.js';
import { listPublished } from './published.js';
import { loadReuseSource, reusable } from './reuse.js';
import { scanTree } from './scan.js';
import { restoredTo, shareRestoredCopies } from './share.js';
import { ensurePrivateDir } from './store-dir.js';
import type { CheckpointEntry, CheckpointInfo } from './types.js';

const CONCURRENCY = 8;

/** Everything a save needs; the caller holds the origin's lock. */
export interface SnapshotRequest {
  layout: OriginLayout;
  label: string;
  exclude: readonly string[];
  excludeTest: ExcludeTest;
  maxBytes: number;
  maxFiles: number;
  copier: Copier;
  manifests: ManifestCache;
  undoOf?: string;
  /** Work to run while the manifest is written and published, once every copy is in the store; the save waits for it. */
  whilePublishing?: (index: ManifestIndex) => Promise<void>;
}

export interface Snapshot {
  info: CheckpointInfo;
  folder: string;
  entries: CheckpointEntry[];
}

export function alreadyExists(layout: OriginLayout, label: string): TershError {
  return new TershError(
    'CHECKPOINT_EXISTS',
    `A checkpoint labelled "${label}" already exists for ${layout.origin}; drop it or pick another label.`,
    {
      details: { label, origin: layout.origin },
    },
  );
}

/** Removes what saves killed midway left: their staging folders, and the copies they had made (unreferenced). */
async function sweepDeadSaves(layout: OriginLayout): Promise<void> {
  let swept = false;
  for (const name of await readdir(layout.staging).catch(() => [] as string[])) {
    const pid = Number(name.split('-')[0]);
    if (Number.isSafeInteger(pid) && pid > 0 && !isAlive(pid)) {
      await rm(join(layout.staging, name), { recursive: true, force: true });
      swept = true;
    }
  }
  if (swept) await collectGarbage(layout);
}

/** Renames the staging folder (manifest and info) into place: until then, no listing shows the checkpoint. */
async function publish(layout: OriginLayout, staging: string, label: string): Promise<string> {
  const folder = checkpointDir(layout, label);
  try {
    await rename(staging, folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTEMPTY') throw alreadyExists(layout, label);
    throw error;
  }
  return folder;
}

/**
 * Saves a tree: files untouched since the origin's latest checkpoint keep its stored copies (no copy, no link), and so
 * do files a restore wrote, which keep the stored copies they were restored from (see `shareRestoredCopies`);
 * the others are copied (cloned where the filesystem can) into the pool, unreferenced until the manifest is published
 * by renaming its staging folder into place.
 */
export async function takeSnapshot(request: SnapshotRequest): Promise<Snapshot> {
  const { layout, label } = request;
  const startedAt = Date.now();
  await ensurePrivateDir(layout.checkpoints);
  await ensurePrivateDir(layout.staging);
  const existing = await listPublished(layout);
  if (existing.some((p) => p.info.label === label)) throw alreadyExists(layout, label);
  await ensurePrivateDir(layout.objects);
  await sweepDeadSaves(layout);

  const latest = existing.at(-1);
  const previous = latest ? await loadReuseSource(latest, request.manifests.index).catch(() => undefined) : undefined;
  const restored = restoredTo(existing);
  const restoredSource = restored ? await loadReuseSource(restored, request.manifests.index).catch(() => undefined) : undefined;
  const scan = await scanTree(layout.origin, request.excludeTest, { maxBytes: request.maxBytes, maxFiles: request.maxFiles });
  const staging = join(layout.staging, `${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  let published = false;
  try {
    const copyId = randomBytes(6).toString('hex');
    const toCopy: number[] = [];
    scan.entries.forEach((entry, index) => {
      if (entry.type !== 'file' || entry.size === 0) return;
      const old = reusable(entry, previous);
      if (old?.contentId === undefined) {
        entry.contentId = `${copyId}-${index}`;
        toCopy.push(index);
      } else {
        entry.contentId = old.contentId;
      }
    });
    const remaining = await shareRestoredCopies(scan.entries, toCopy, layout.origin, layout.objects, restoredSource);
    let copiedBytes = 0;
    const copying = forEachLimit(remaining, CONCURRENCY, async (index) => {
      const entry = scan.entries[index] as CheckpointEntry;
      const destination = objectPath(layout.objects, entry.contentId as string);
      await request.copier.copy(
        join(layout.origin, entry.path),
        destination,
        scan.devices[index] as number,
        entry.mode,
        scan.sparse.has(index),
      );
      copiedBytes += entry.size;
    });
    copying.catch(() => undefined);
    // Content ids are settled: the manifest is serialised and written while the copies run.
    const manifestWritten = writeManifest(staging, scan.entries);
    manifestWritten.catch(() => undefined);
    try {
      await copying;
    } finally {
      await manifestWritten.catch(() => undefined);
    }
    const { entries } = scan;
    const info: CheckpointInfo = {
      label,
      origin: layout.origin,
      createdAt: new Date(startedAt).toISOString(),
      entries: entries.length,
      bytes: scan.bytes,
      copiedBytes,
      exclude: [...request.exclude],
      maxBytes: request.maxBytes,
      maxFiles: request.maxFiles,
      ...(request.undoOf === undefined ? {} : { undoOf: request.undoOf }),
      ms: 0,
    };
    const index = indexEntries(entries);
    const alongside = request.whilePublishing?.(index) ?? Promise.resolve();
    alongside.catch(() => undefined);
    let folder: string;
    try {
      await manifestWritten;
      info.ms = Date.now() - startedAt;
      await writeInfo(staging, info);
      folder = await publish(layout, staging, label);
    } catch (error) {
      await alongside.catch(() => undefined);
      throw error;
    }
    request.manifests.remember({ folder, info }, index);
    published = true;
    await alongside;
    return { info, folder, entries };
  } catch (error) {
    if (!published) {
      await rm(staging, { recursive: true, force: true });
      await collectGarbage(layout).catch(() => undefined);
    }
    throw error;
  }
}
