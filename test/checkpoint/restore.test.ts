import { chmodSync, existsSync, mkdirSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpointStore, type CheckpointStore } from '../../src/checkpoint/index.js';
import { isTershError } from '../../src/errors.js';
import { fingerprint, tempDir } from './tree-helpers.js';

let work: ReturnType<typeof tempDir>;
let storeRoot: ReturnType<typeof tempDir>;
let store: CheckpointStore;
let origin: string;

function buildTree(root: string): void {
  mkdirSync(join(root, 'src/lib'), { recursive: true });
  mkdirSync(join(root, 'empty/nested-empty'), { recursive: true });
  writeFileSync(join(root, 'README.md'), '# hello\n');
  writeFileSync(join(root, 'src/main.ts'), 'export const x = 1;\n');
  writeFileSync(join(root, 'src/lib/util.ts'), 'export const y = 2;\n'.repeat(500));
  writeFileSync(join(root, 'src/empty.txt'), '');
  writeFileSync(join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  chmodSync(join(root, 'run.sh'), 0o755);
  writeFileSync(join(root, 'secret.key'), 'k');
  chmodSync(join(root, 'secret.key'), 0o600);
  symlinkSync('src/main.ts', join(root, 'link-to-main'));
  symlinkSync('does/not/exist', join(root, 'dangling'));
  symlinkSync('src', join(root, 'dir-link'));
  spawnSync('mkfifo', [join(root, 'pipe')]);
  utimesSync(join(root, 'README.md'), 1_000_000, 1_234_567_890.123456);
  utimesSync(join(root, 'empty'), 1_000_000, 1_500_000_000.5);
}

function drift(root: string): void {
  writeFileSync(join(root, 'README.md'), '# changed, same length?\n');
  writeFileSync(join(root, 'src/main.ts'), 'export const x = 9;\n');
  rmSync(join(root, 'src/lib/util.ts'));
  rmSync(join(root, 'empty'), { recursive: true });
  writeFileSync(join(root, 'new-file.txt'), 'created after the checkpoint');
  mkdirSync(join(root, 'new-dir/deeper'), { recursive: true });
  writeFileSync(join(root, 'new-dir/deeper/x'), 'x');
  chmodSync(join(root, 'run.sh'), 0o644);
  chmodSync(join(root, 'src'), 0o700);
  unlinkSync(join(root, 'link-to-main'));
  symlinkSync('README.md', join(root, 'link-to-main'));
  unlinkSync(join(root, 'dir-link'));
  writeFileSync(join(root, 'dir-link'), 'now a file');
  rmSync(join(root, 'pipe'));
  rmSync(join(root, 'secret.key'));
  mkdirSync(join(root, 'secret.key'));
}

beforeEach(() => {
  work = tempDir('ckpt-work');
  storeRoot = tempDir('ckpt-store');
  store = createCheckpointStore({ dir: join(storeRoot.path, 'store') });
  origin = join(work.path, 'project');
  mkdirSync(origin);
  buildTree(origin);
});

afterEach(() => {
  work.cleanup();
  storeRoot.cleanup();
});

describe('restore', () => {
  it('brings back content, modes, symlink targets, empty folders, FIFOs and mtimes exactly after edits, deletions, creations, chmods and symlink swaps', async () => {
    const before = fingerprint(origin);
    await store.save('base', origin);
    drift(origin);
    expect(fingerprint(origin)).not.toEqual(before);
    const report = await store.restore('base', { origin });
    expect(fingerprint(origin)).toEqual(before);
    expect(report.written).toEqual(
      expect.arrayContaining(['README.md', 'src/main.ts', 'link-to-main', 'dir-link', 'secret.key']),
    );
    expect(report.created).toEqual(expect.arrayContaining(['src/lib/util.ts', 'empty', 'empty/nested-empty', 'pipe']));
    expect(report.deleted).toEqual(expect.arrayContaining(['new-file.txt', 'new-dir', 'new-dir/deeper', 'new-dir/deeper/x']));
    expect(report.metadata).toEqual(expect.arrayContaining(['run.sh', 'src']));
    expect(report.skipped).toEqual([]);
  });

  it('changes nothing and reports nothing when the tree is as saved', async () => {
    await store.save('base', origin);
    const report = await store.restore('base', { origin });
    expect([report.written, report.created, report.deleted]).toEqual([[], [], []]);
  });

  it('restores an exact tree twice in a row, across two different drifts', async () => {
    const before = fingerprint(origin);
    await store.save('base', origin);
    drift(origin);
    await store.restore('base', { origin });
    writeFileSync(join(origin, 'README.md'), 'again');
    rmSync(join(origin, 'src'), { recursive: true });
    await store.restore('base', { origin });
    expect(fingerprint(origin)).toEqual(before);
  });

  it('can be undone by restoring the checkpoint it took first', async () => {
    await store.save('base', origin);
    drift(origin);
    const drifted = fingerprint(origin);
    const report = await store.restore('base', { origin });
    const undo = (await store.list(origin)).find((info) => info.label === report.undoLabel);
    expect(undo?.undoOf).toBe('base');
    await store.restore(report.undoLabel, { origin });
    expect(fingerprint(origin)).toEqual(drifted);
  });

  it('refuses a target that is not the origin, changing nothing', async () => {
    await store.save('base', origin);
    const other = join(work.path, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'keep.txt'), 'mine');
    const error = await store.restore('base', { origin, target: other }).catch((e: unknown) => e);
    expect(isTershError(error) && error.code).toBe('CHECKPOINT_TARGET_MISMATCH');
    expect(existsSync(join(other, 'keep.txt'))).toBe(true);
    expect(existsSync(join(other, 'README.md'))).toBe(false);
  });

  it('accepts a target that reaches the origin through a symlink', async () => {
    await store.save('base', origin);
    const alias = join(work.path, 'alias');
    symlinkSync(origin, alias);
    writeFileSync(join(origin, 'README.md'), 'drift');
    await store.restore('base', { target: alias });
    expect(fingerprint(origin).get('README.md')?.mtimeUs).toBe(1_234_567_890_123_456n);
  });

  it('throws CHECKPOINT_NOT_FOUND for an unknown label', async () => {
    const error = await store.restore('nope', { origin }).catch((e: unknown) => e);
    expect(isTershError(error) && error.code).toBe('CHECKPOINT_NOT_FOUND');
  });
});
