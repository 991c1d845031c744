import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { warmHelperPids, warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

// A helper spawning with posix_spawn holds its event loop well under a millisecond a spawn: one serves runs in flight.
// (warm-helpers-forking.test.ts: a helper that forks gets a second.)
describe.runIf(process.platform === 'linux' && availableParallelism() > 1)('the warm spawner with runs in flight', () => {
  it('keeps one helper spawning with posix_spawn, runs overlapping or not', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    expect(await warmSpawnerReady()).toBe(true);
    for (let i = 0; i < 3; i++) await run('true', { store, spawner: 'warm' });
    expect(warmHelperPids()).toHaveLength(1);
    const overlapping = () =>
      Promise.all(Array.from({ length: 4 }, () => run('echo $PPID; sleep 0.3', { store, spawner: 'warm' })));
    await overlapping();
    await new Promise((done) => setTimeout(done, 500));
    const parents = new Set((await overlapping()).map((result) => Number(result.stdout)));
    expect(warmHelperPids()).toHaveLength(1);
    expect([...parents]).toEqual(warmHelperPids());
  });
});
