import { randomBytes } from 'node:crypto';
import { linkSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import type { Copier } from './copy-file.js';
import type { ExcludeTest } from './excludes.js';
import { blobPath, checkpointDir, type OriginLayout } from './layout.js';
import { writeInfo, writeManifest } from './manifest.js';
import { forEachLimit } from './pool.js';
import { listPublished } from './published.js';
import { loadReuseSource, reusable } from './reuse.js';
import { scanTree, type ScannedEntry } from './scan.js';
import { ensurePrivateDir } from './store-dir.js';
import type { CheckpointEntry, CheckpointInfo } from './types.js';

const CONCURRENCY = 8;

export interface SnapshotRequest {
  layout: OriginLayout;
  label: string;
  exclude: readonly string[];
  excludeTest: ExcludeTest;
  maxBytes: number;
  maxFiles: number;
  copier: Copier;
  undoOf?: string;
}

export interface Snapshot {
  info: CheckpointInfo;
  folder: string;
  entries: CheckpointEntry[];
}

function alreadyExists(layout: OriginLayout, label: string): TershError {
  return new TershError('CHECKPOINT_EXISTS', `A checkpoint labelled "${label}" already exists for ${layout.origin}; drop it or pick another label.`, {
    details: { label, origin: layout.origin },
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes staging folders left by saves whose process died (killed mid-save). */
async function sweepStaging(staging: string): Promise<void> {
  for (const name of await readdir(staging).catch(() => [] as string[])) {
    const pid = Number(name.split('-')[0]);
    if (Number.isSafeInteger(pid) && pid > 0 && !isAlive(pid)) await rm(join(staging, name), { recursive: true, force: true });
  }
}

/** Hard-links a stored copy (synchronously: a promise per link costs more than the link); false when it cannot (dropped meanwhile, link limit). */
function linkBlob(existing: string, destination: string): boolean {
  try {
    linkSync(existing, destination);
    return true;
  } catch {
    return false;
  }
}

/** Saves a tree into a staging folder, then renames it into place: a listing only ever sees complete checkpoints. */
export async function takeSnapshot(request: SnapshotRequest): Promise<Snapshot> {
  const { layout, label } = request;
  const startedAt = Date.now();
  const finalFolder = checkpointDir(layout, label);
  await ensurePrivateDir(layout.checkpoints);
  await ensurePrivateDir(layout.staging);
  const existing = await listPublished(layout);
  if (existing.some((p) => p.info.label === label)) throw alreadyExists(layout, label);
  await sweepStaging(layout.staging);

  const latest = existing.at(-1);
  const previous = latest ? await loadReuseSource(latest).catch(() => undefined) : undefined;
  const scan = await scanTree(layout.origin, request.excludeTest, { maxBytes: request.maxBytes, maxFiles: request.maxFiles });
  const staging = join(layout.staging, `${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(join(staging, 'files'), { recursive: true, mode: 0o700 });
  let copiedBytes = 0;
  try {
    const files = scan.entries.filter((e) => e.type === 'file');
    const copyId = randomBytes(6).toString('hex');
    const toCopy: ScannedEntry[] = [];
    let linked = 0;
    for (const [index, entry] of files.entries()) {
      if (entry.size === 0) continue;
      entry.blob = index;
      const old = previous ? reusable(entry, previous) : undefined;
      if (previous && old?.blob !== undefined && old.contentId !== undefined && linkBlob(blobPath(previous.folder, old.blob), blobPath(staging, index))) {
        entry.contentId = old.contentId;
        if (++linked % 512 === 0) await yieldToEventLoop();
      } else {
        entry.contentId = `${copyId}-${index}`;
        toCopy.push(entry);
      }
    }
    await forEachLimit(toCopy, CONCURRENCY, async (entry) => {
      await request.copier.copy(join(layout.origin, entry.path), blobPath(staging, entry.blob as number), entry.dev, entry.mode);
      copiedBytes += entry.size;
    });
    const entries: CheckpointEntry[] = scan.entries.map(({ dev: _dev, ...entry }) => entry);
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
      durationMs: 0,
    };
    await writeManifest(staging, entries);
    info.durationMs = Date.now() - startedAt;
    await writeInfo(staging, info);
    try {
      await rename(staging, finalFolder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTEMPTY') throw alreadyExists(layout, label);
      throw error;
    }
    return { info, folder: finalFolder, entries };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
