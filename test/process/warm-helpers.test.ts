import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore } from '../../src/index.js';
import { warmHelperPids, warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { overlappingWarmParents, warmRunsOneAtATime } from '../helpers/warm-overlap.js';

const tempDir = useTempDirs();

// A helper spawning with posix_spawn holds its event loop well under a millisecond a spawn: one serves runs in flight.
// (warm-helpers-forking.test.ts: a helper that forks gets a second.)
describe.runIf(process.platform === 'linux' && availableParallelism() > 1)('the warm spawner with runs in flight', () => {
  it('keeps one helper spawning with posix_spawn, runs overlapping or not', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    expect(await warmSpawnerReady()).toBe(true);
    await warmRunsOneAtATime(store, 3);
    expect(warmHelperPids()).toHaveLength(1);
    await overlappingWarmParents(store);
    await new Promise((done) => setTimeout(done, 500));
    const parents = await overlappingWarmParents(store);
    expect(warmHelperPids()).toHaveLength(1);
    expect([...parents]).toEqual(warmHelperPids());
  });
});
