import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore } from '../../src/index.js';
import { warmHelperPids, warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { waitFor } from '../jobs/helpers.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { overlappingWarmParents, warmRunsOneAtATime } from '../helpers/warm-overlap.js';

const tempDir = useTempDirs();

// Where koffi is missing the helper forks through libuv, and its spawn holds its event loop until the child has
// exec'd: with runs in flight, a second helper lets two forks go at once. A host that runs one command at a time keeps
// one helper. (Read by the helper when it boots, after this file's top level and before the setup file's beforeAll.)
process.env.TERSH_WARM_SPAWN_PATH = 'bindings';
describe.runIf(process.platform === 'linux' && availableParallelism() > 1)('the warm spawner with runs in flight', () => {
  it('keeps one forking helper for runs one at a time, boots a second once runs overlap, and spreads runs over both', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    expect(await warmSpawnerReady()).toBe(true);
    await warmRunsOneAtATime(store, 3);
    expect(warmHelperPids()).toHaveLength(1);
    await overlappingWarmParents(store);
    expect(await waitFor(() => warmHelperPids().length === 2, 10_000)).toBe(true);
    const parents = await overlappingWarmParents(store);
    expect([...parents].sort()).toEqual([...warmHelperPids()].sort());
  });
});
