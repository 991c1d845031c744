// Checkpoint disk use: a sparse 200 MB file (store and restore against a plain copyFile), and 30 restores between
// two versions of a 280 MB tree (the store against the two trees it has to hold). Ratios, not timings.
import {
  closeSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCheckpointStore } from '../src/checkpoint/index.js';

const MB = 1024 * 1024;
const TREE_FILES = 280;
const RESTORES = 30;

function diskBytes(path: string): number {
  const stats = lstatSync(path);
  let total = stats.blocks * 512;
  if (stats.isDirectory()) for (const name of readdirSync(path)) total += diskBytes(join(path, name));
  return total;
}

async function sparse(base: string): Promise<void> {
  const origin = join(base, 'sparse');
  mkdirSync(origin);
  const file = join(origin, 'disk.img');
  const fd = openSync(file, 'w');
  writeSync(fd, Buffer.alloc(4096, 1), 0, 4096, 0);
  writeSync(fd, Buffer.alloc(4096, 2), 0, 4096, 200 * MB - 4096);
  closeSync(fd);
  const sourceBlocks = statSync(file).blocks;
  copyFileSync(file, join(base, 'copy-file.img'));
  const plainBlocks = statSync(join(base, 'copy-file.img')).blocks;
  const store = createCheckpointStore({ dir: join(base, 'sparse-store') });
  const saveStart = performance.now();
  await store.save('s', origin);
  const saveMs = performance.now() - saveStart;
  rmSync(file);
  await store.restore('s', { origin });
  console.log(
    `sparse 200 MB file: source ${statSync(join(base, 'copy-file.img')).size / MB} MB, blocks: source ${sourceBlocks}, ` +
      `fs.copyFile ${plainBlocks}, store ${Math.round(diskBytes(store.dir) / 512)}, restored ${statSync(file).blocks} (save ${saveMs.toFixed(0)} ms)`,
  );
}

async function undoChurn(base: string): Promise<void> {
  const origin = join(base, 'tree');
  const write = (): void => {
    mkdirSync(origin, { recursive: true });
    for (let n = 0; n < TREE_FILES; n += 1) writeFileSync(join(origin, `f${n}`), randomBytes(MB));
  };
  write();
  const store = createCheckpointStore({ dir: join(base, 'tree-store') });
  await store.save('a', origin);
  write();
  await store.save('b', origin);
  const twoTrees = diskBytes(store.dir);
  const started = performance.now();
  for (let round = 0; round < RESTORES; round += 1) await store.restore(round % 2 === 0 ? 'a' : 'b', { origin });
  const ms = performance.now() - started;
  const listed = await store.list(origin);
  console.log(
    `${RESTORES} restores between two ${TREE_FILES} MB trees: store ${(diskBytes(store.dir) / MB).toFixed(0)} MB = ${(diskBytes(store.dir) / twoTrees).toFixed(2)}× the two trees ` +
      `(list says ${((listed[0]?.storeBytes ?? 0) / MB).toFixed(0)} MB; ${listed.filter((i) => i.undoOf).length} undo checkpoints kept; ${(ms / RESTORES).toFixed(0)} ms a restore)`,
  );
}

export default async function main(): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), 'tersh-bench-ckpt-disk-'));
  try {
    await sparse(base);
    await undoChurn(base);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
