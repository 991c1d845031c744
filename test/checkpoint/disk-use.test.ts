import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  lstatSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointStore } from '../../src/checkpoint/index.js';
import { fingerprint, tempDir } from './tree-helpers.js';

const MB = 1024 * 1024;
const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

function work(): string {
  const dir = tempDir('ckpt-disk');
  dirs.push(dir);
  return dir.path;
}

/** Bytes a tree really takes on disk (allocated blocks), each inode once. */
function diskBytes(root: string): number {
  const seen = new Set<number>();
  let total = 0;
  const visit = (path: string): void => {
    const stats = lstatSync(path);
    if (seen.has(stats.ino)) return;
    seen.add(stats.ino);
    total += stats.blocks * 512;
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return total;
}

/** A 200 MB file holding 8 KiB of data in two places, the rest holes. */
function sparseFile(path: string): void {
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.alloc(4096, 'a'), 0, 4096, 10 * MB);
  writeSync(fd, Buffer.alloc(4096, 'b'), 0, 4096, 200 * MB - 4096);
  closeSync(fd);
}

describe('checkpoint disk use', () => {
  it('keeps the holes of a sparse 200 MB file, in the store and on restore', async () => {
    const base = work();
    const origin = join(base, 'project');
    mkdirSync(origin);
    sparseFile(join(origin, 'sparse.img'));
    const allocated = statSync(join(origin, 'sparse.img')).blocks;
    expect(allocated).toBeLessThan(64);
    const store = createCheckpointStore({ dir: join(base, 'store') });
    await store.save('sparse', origin);
    expect(diskBytes(store.dir)).toBeLessThan(1 * MB);

    rmSync(join(origin, 'sparse.img'));
    await store.restore('sparse', { origin });
    const restored = statSync(join(origin, 'sparse.img'));
    expect(restored.size).toBe(200 * MB);
    expect(restored.blocks).toBeLessThanOrEqual(allocated * 2);
    const fd = openSync(join(origin, 'sparse.img'), 'r');
    const probe = Buffer.alloc(4096);
    // Reading the whole file would be 200 MB: probe the data and a hole instead.
    for (const [offset, byte] of [
      [10 * MB, 0x61],
      [200 * MB - 4096, 0x62],
      [100 * MB, 0],
    ] as const) {
      readSync(fd, probe, 0, probe.length, offset);
      expect(probe.every((b) => b === byte)).toBe(true);
    }
    closeSync(fd);
  });

  it('keeps undo checkpoints to maxUndoCheckpoints and shares their content: 30 restores between two trees cost about the two trees', async () => {
    const base = work();
    const origin = join(base, 'project');
    const files = 64;
    const fileBytes = 256 * 1024;
    const writeTree = (fill: string): void => {
      mkdirSync(join(origin, 'src'), { recursive: true });
      for (let n = 0; n < files; n += 1) writeFileSync(join(origin, 'src', `f${n}`), Buffer.alloc(fileBytes, `${fill}${n % 10}`));
    };
    writeTree('a');
    const store = createCheckpointStore({ dir: join(base, 'store'), maxUndoCheckpoints: 5 });
    await store.save('a', origin);
    writeTree('b');
    await store.save('b', origin);
    const treeBytes = files * fileBytes;

    for (let round = 0; round < 30; round += 1) await store.restore(round % 2 === 0 ? 'a' : 'b', { origin });
    const listed = await store.list(origin);
    expect(listed.filter((info) => info.undoOf !== undefined).length).toBe(5);
    expect(listed.map((info) => info.label)).toEqual(expect.arrayContaining(['a', 'b']));
    const onDisk = diskBytes(store.dir);
    expect(onDisk).toBeLessThan(2 * treeBytes * 1.25);
    for (const info of listed) {
      expect(info.storeBytes).toBeGreaterThan(2 * treeBytes * 0.9);
      expect(Math.abs(info.storeBytes! - onDisk)).toBeLessThan(onDisk * 0.1);
    }
    expect(fingerprint(origin).size).toBe(files + 2);
  }, 180_000);
});
