// The big-output part of the spawner bench on its own: `npm run bench -- big-output`
// (BENCH_BIG_MIB=256 for a quicker look, BENCH_REPEATS=5 for steadier medians).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warmSpawnerReady } from '../src/process/warm/helper-state.js';
import { bigOutput } from './big-output.js';

export default async function bench(): Promise<void> {
  console.log('(2 shared cores, loaded by other work: read the ratios, not the milliseconds)');
  const storeDir = mkdtempSync(join(tmpdir(), 'tersh-bench-big-output-'));
  try {
    await warmSpawnerReady();
    await bigOutput(storeDir);
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
}
