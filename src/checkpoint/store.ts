import { lstat, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { TershError } from '../errors.js';
import { optionalInteger, optionalString, readOptionsObject } from '../validate.js';
import { applyRestore } from './apply.js';
import { asTargetChanged } from './target-dirs.js';
import { compareEntries } from './compare.js';
import { createCopier } from './copy-file.js';
import { createExcludeTest, type ExcludeTest } from './excludes.js';
import { validateLabel } from './label.js';
import { layoutAt, originLayout, type OriginLayout } from './layout.js';
import { collectGarbage } from './gc.js';
import { withOriginLock } from './lock.js';
import { createManifestCache, indexEntries, type ManifestIndex } from './manifest-cache.js';
import { DEFAULT_MAX_UNDO_CHECKPOINTS, normalizeRef, normalizeSaveOptions, normalizeTargetOptions } from './options.js';
import { diskUsage, pruneUndoCheckpoints, removePublished } from './prune.js';
import { lookupPath, realFolder, recordOrigin, storeExclusion } from './origin.js';
import { listPublished, type Published } from './published.js';
import { loadReuseSource } from './reuse.js';
import { differingFiles, inheritContentIds, liveFile, storedCopy } from './content.js';
import { scanTree } from './scan.js';
import { takeSnapshot } from './snapshot.js';
import { defaultStoreDir, ensurePrivateDir } from './store-dir.js';
import type { CheckpointDiff, CheckpointInfo, CheckpointStore, RestoreReport } from './types.js';

function notFound(label: string, origin: string): TershError {
  return new TershError('CHECKPOINT_NOT_FOUND', `No checkpoint labelled "${label}" for ${origin}.`, {
    details: { label, origin },
  });
}

/** `undo-<time>`, with a counter when two restores share a millisecond. */
function undoLabel(taken: readonly Published[]): string {
  const base = `undo-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const labels = new Set(taken.map((p) => p.info.label));
  let label = base;
  for (let n = 2; labels.has(label); n += 1) label = `${base}-${n}`;
  return label;
}

/**
 * Creates a store of checkpoints: exact snapshots of folders, kept outside them, restorable by diff.
 */
export function createCheckpointStore(options?: {
  /**
   * Folder holding every checkpoint, outside any work tree. Created with mode 0700.
   * @defaultValue `$XDG_STATE_HOME/tersh/checkpoints`, else `~/.local/state/tersh/checkpoints`, else `<os temp dir>/tersh-<uid>/checkpoints`
   */
  dir?: string;
  /**
   * Undo checkpoints (those each restore takes first) kept per origin: after a restore, the oldest beyond this
   * are dropped, with the stored copies only they held. Checkpoints saved with `save` are never dropped by this.
   * @defaultValue 10
   */
  maxUndoCheckpoints?: number;
}): CheckpointStore {
  const raw = readOptionsObject('options', options, ['dir', 'maxUndoCheckpoints']);
  const maxUndoCheckpoints =
    optionalInteger('maxUndoCheckpoints', raw.maxUndoCheckpoints, { min: 1 }) ?? DEFAULT_MAX_UNDO_CHECKPOINTS;
  const dir = resolve(optionalString('dir', raw.dir, { nonEmpty: true }) ?? defaultStoreDir());
  const copier = createCopier();
  const manifests = createManifestCache();

  async function openOrigin(realOrigin: string): Promise<{ layout: OriginLayout; skipStore: ExcludeTest }> {
    await ensurePrivateDir(dir);
    const realStore = await realFolder(dir, 'dir');
    return { layout: originLayout(realStore, realOrigin), skipStore: storeExclusion(realStore, realOrigin) };
  }

  async function find(
    label: string,
    origin: string,
  ): Promise<{ layout: OriginLayout; published: Published; skipStore: ExcludeTest }> {
    const opened = await openOrigin(origin);
    const published = (await listPublished(opened.layout)).find((p) => p.info.label === label);
    if (!published) throw notFound(label, origin);
    return { ...opened, published };
  }

  async function resolveTarget(options: unknown): Promise<string> {
    const { origin, target } = normalizeTargetOptions(options as Parameters<typeof normalizeTargetOptions>[0]);
    const realOrigin = await realFolder(origin, 'origin');
    const realTarget = await realFolder(target, 'target');
    if (realTarget !== realOrigin) {
      throw new TershError(
        'CHECKPOINT_TARGET_MISMATCH',
        `Refusing to restore into ${realTarget}: checkpoints of ${realOrigin} only go back there.`,
        {
          details: { origin: realOrigin, target: realTarget },
        },
      );
    }
    return realOrigin;
  }

  /** The origin's checkpoints, each saying what the origin's store takes on disk. */
  async function withStoreBytes(layout: OriginLayout): Promise<CheckpointInfo[]> {
    const published = await listPublished(layout);
    const storeBytes = published.length === 0 ? 0 : await diskUsage(layout.root);
    return published.map((p) => ({ ...p.info, storeBytes }));
  }

  function excludeWith(patterns: readonly string[], skipStore: ExcludeTest): ExcludeTest {
    const test = createExcludeTest(patterns);
    return (path, isDir) => skipStore(path, isDir) || test(path, isDir);
  }

  async function restoreLocked(
    layout: OriginLayout,
    skipStore: ExcludeTest,
    published: Published,
    origin: string,
    startedAt: number,
  ): Promise<RestoreReport> {
    const { info } = published;
    const { label } = info;
    const wanted = await manifests.index(published);
    const stored = storedCopy(layout.objects);
    const compared: { current?: ManifestIndex; diff?: CheckpointDiff } = {};
    const undo = await takeSnapshot({
      layout,
      label: undoLabel(await listPublished(layout)),
      exclude: info.exclude,
      excludeTest: excludeWith(info.exclude, skipStore),
      maxBytes: info.maxBytes,
      maxFiles: info.maxFiles,
      copier,
      manifests,
      undoOf: label,
      // Comparing overlaps writing the undo manifest; nothing changes in the target before the undo is published.
      whilePublishing: async (current) => {
        compared.current = current;
        compared.diff = compareEntries(current, wanted, await differingFiles(current, wanted, stored, stored));
      },
    });
    const { current, diff } = compared as Required<typeof compared>;
    const device = Number((await lstat(origin)).dev);
    let skipped: string[];
    try {
      skipped = await applyRestore({ target: origin, current, wanted, objects: layout.objects, diff, copier, device });
    } finally {
      await pruneUndoCheckpoints(layout, maxUndoCheckpoints);
    }
    const skippedSet = new Set(skipped);
    const done = (paths: string[]): string[] => paths.filter((p) => !skippedSet.has(p));
    const report: RestoreReport = {
      label,
      origin,
      undoLabel: undo.info.label,
      written: done(diff.changed),
      deleted: diff.created,
      created: done(diff.deleted),
      metadata: diff.metadata,
      skipped,
      ms: Date.now() - startedAt,
    };
    return report;
  }

  return {
    dir,

    async save(label, sourceDir, saveOptions) {
      validateLabel(label);
      const source = optionalString('sourceDir', sourceDir, { nonEmpty: true }) ?? '';
      const normalized = normalizeSaveOptions(saveOptions);
      const { layout, skipStore } = await openOrigin(await realFolder(source, 'sourceDir'));
      await recordOrigin(layout);
      return withOriginLock(layout, async () => {
        const snapshot = await takeSnapshot({
          layout,
          label,
          ...normalized,
          excludeTest: excludeWith(normalized.exclude, skipStore),
          copier,
          manifests,
        });
        return snapshot.info;
      });
    },

    async restore(label, restoreOptions) {
      const startedAt = Date.now();
      validateLabel(label);
      const origin = await resolveTarget(restoreOptions);
      const { layout, skipStore } = await openOrigin(origin);
      return withOriginLock(layout, async () => {
        const { published } = await find(label, origin);
        return restoreLocked(layout, skipStore, published, origin, startedAt).catch((error: unknown) => {
          throw asTargetChanged(origin, error);
        });
      });
    },

    async list(origin) {
      const realOrigin =
        origin === undefined ? undefined : await lookupPath(optionalString('origin', origin, { nonEmpty: true }) ?? '');
      if (realOrigin !== undefined) return withStoreBytes((await openOrigin(realOrigin)).layout);
      const infos: CheckpointInfo[] = [];
      for (const name of await readdir(dir).catch(() => [] as string[]))
        infos.push(...(await withStoreBytes(layoutAt(join(dir, name), ''))));
      return infos.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async drop(label, refOptions) {
      validateLabel(label);
      const origin = await lookupPath(normalizeRef(refOptions));
      const { layout } = await openOrigin(origin);
      return withOriginLock(layout, async () => {
        const published = (await listPublished(layout)).find((p) => p.info.label === label);
        if (!published) return false;
        await removePublished(layout, published);
        await collectGarbage(layout);
        return true;
      });
    },

    async diff(label, diffOptions) {
      validateLabel(label);
      const origin = await resolveTarget(diffOptions);
      const { layout, skipStore } = await openOrigin(origin);
      return withOriginLock(layout, async () => {
        const { published } = await find(label, origin);
        const scan = await scanTree(origin, excludeWith(published.info.exclude, skipStore), {
          maxBytes: Number.MAX_SAFE_INTEGER,
          maxFiles: Number.MAX_SAFE_INTEGER,
        });
        const latest = (await listPublished(layout)).at(-1);
        const wanted = await loadReuseSource(published, manifests.index);
        const sources = [wanted];
        if (latest && latest.folder !== published.folder) sources.push(await loadReuseSource(latest, manifests.index));
        inheritContentIds(scan.entries, sources);
        const current = indexEntries(scan.entries);
        const wantedIndex = await manifests.index(published);
        const differing = await differingFiles(current, wantedIndex, liveFile(origin), storedCopy(layout.objects));
        return compareEntries(current, wantedIndex, differing);
      });
    },

    async manifest(label, refOptions) {
      validateLabel(label);
      const origin = await lookupPath(normalizeRef(refOptions));
      const { published } = await find(label, origin);
      return (await manifests.read(published)).map((entry) => ({ ...entry }));
    },
  };
}
