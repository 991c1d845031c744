import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { warmHelperPids, warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { waitFor } from '../jobs/helpers.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

// Where koffi is missing the helper forks through libuv, and its spawn holds its event loop until the child has
// exec'd: with runs in flight, a second helper lets two forks go at once. A host that runs one command at a time keeps
// one helper. (Read by the helper when it boots, after this file's top level and before the setup file's beforeAll.)
process.env.TERSH_WARM_SPAWN_PATH = 'bindings';
describe.runIf(process.platform === 'linux' && availableParallelism() > 1)('the warm spawner with runs in flight', () => {
  it('keeps one forking helper for runs one at a time, boots a second once runs overlap, and spreads runs over both', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    expect(await warmSpawnerReady()).toBe(true);
    for (let i = 0; i < 3; i++) await run('true', { store, spawner: 'warm' });
    expect(warmHelperPids()).toHaveLength(1);
    const overlapping = () =>
      Promise.all(Array.from({ length: 4 }, () => run('echo $PPID; sleep 0.3', { store, spawner: 'warm' })));
    await overlapping();
    expect(await waitFor(() => warmHelperPids().length === 2, 10_000)).toBe(true);
    const parents = new Set((await overlapping()).map((result) => Number(result.stdout)));
    expect([...parents].sort()).toEqual([...warmHelperPids()].sort());
  });
});
