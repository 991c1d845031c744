// Checkpoints of a generated ~20 000-file / ~500 MB tree against `cp -a` of the same tree.
// Every copy goes into a fresh folder: on this ext4 without a journal, creating many files right after deleting many is 5–10× slower.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCheckpointStore } from '../src/checkpoint/index.js';

const DIRS = 200;
const FILES_PER_DIR = 100;

function generate(root: string): { files: string[]; bytes: number } {
  const pool = randomBytes(4 << 20);
  const files: string[] = [];
  let bytes = 0;
  for (let d = 0; d < DIRS; d++) {
    const dir = join(root, `group${d % 20}`, `dir${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < FILES_PER_DIR; f++) {
      const n = files.length + 1;
      const size = n % 100 === 0 ? 500_000 + ((n * 7919) % 1_000_000) : 200 + ((n * 2_654_435_761) % 30_000);
      const offset = (n * 104_729) % (pool.length - size);
      const path = join(dir, `file${f}.dat`);
      writeFileSync(path, pool.subarray(offset, offset + size));
      files.push(path);
      bytes += size;
    }
  }
  return { files, bytes };
}

/** Changes 1% of the files: half rewritten, a quarter deleted, and as many created. */
function driftOnePercent(files: readonly string[], seed: number): void {
  const count = Math.round(files.length / 100);
  for (let i = 0; i < count; i++) {
    const path = files[(i * 97 + seed * 31) % files.length] as string;
    if (i % 4 === 0) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
      writeFileSync(`${path}.new${seed}`, randomBytes(4096));
    } else {
      writeFileSync(path, randomBytes(8192));
    }
  }
}

async function timed<T>(run: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

function cpA(source: string, destination: string): void {
  const result = spawnSync('cp', ['-a', source, destination]);
  if (result.status !== 0) throw new Error(`cp -a failed: ${result.stderr.toString()}`);
}

export default async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'tersh-checkpoint-bench-'));
  try {
    const source = join(root, 'tree');
    const { files, bytes } = generate(source);
    spawnSync('sync');
    console.log(`tree: ${files.length} files, ${(bytes / 1e6).toFixed(0)} MB, ${DIRS} folders (in ${root})`);

    const cp = await timed(() => cpA(source, join(root, 'cp-a-copy')));
    spawnSync('sync');
    const store = createCheckpointStore({ dir: join(root, 'store') });
    const first = await timed(() => store.save('first', source));
    spawnSync('sync');
    driftOnePercent(files, 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await timed(() => store.save('second', source));
    driftOnePercent(files, 2);
    const restore = await timed(() => store.restore('second', { origin: source }));
    const cpAgain = await timed(() => cpA(source, join(root, 'cp-a-copy-2')));

    const cpMs = (cp.ms + cpAgain.ms) / 2;
    const row = (name: string, ms: number, target: number, extra = ''): void =>
      console.log(
        `${name.padEnd(32)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / cpMs).toFixed(2)}× cp -a   (target ≤ ${target}×)${extra}`,
      );
    console.log(
      `${'cp -a (mean of 2)'.padEnd(32)} ${cpMs.toFixed(0).padStart(6)} ms   (${cp.ms.toFixed(0)} and ${cpAgain.ms.toFixed(0)})`,
    );
    row('first save', first.ms, 1.5, `   copied ${(first.value.copiedBytes / 1e6).toFixed(0)} MB`);
    row('second save after 1% changed', second.ms, 0.2, `   copied ${(second.value.copiedBytes / 1e6).toFixed(1)} MB`);
    const r = restore.value;
    row(
      'restore after 1% drift',
      restore.ms,
      0.5,
      `   wrote ${r.written.length}, deleted ${r.deleted.length}, created ${r.created.length}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
