import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { createCgroupParent, removeCgroup } from '../../src/process/cgroup.js';
import { warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const probe = createCgroupParent();
if (probe) removeCgroup(probe);

// An emptied run cgroup is kept for the next run (a cgroup's mkdir and rmdir take a machine-wide kernel lock). The
// warm helper waits between runs in the one the next run gets: serial runs alternate between two. A direct run's
// cgroup is handed back a turn of the loop after its result (a read of cgroup.procs the caller need not wait for):
// the next run takes it or, when it starts sooner, the other kept one.
describe.runIf(probe !== undefined)('run cgroups', () => {
  it.each(['warm', 'direct'] as const)('are reused once emptied, never while a run is in one (%s)', async (spawner) => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const cgroupOf = async (command: string): Promise<string> =>
      ((await run(command, { store, spawner })).stdout ?? '').split('\n').find((line) => line.startsWith('0::'))!;
    if (spawner === 'warm') expect(await warmSpawnerReady()).toBe(true);
    const serial: string[] = [];
    for (let i = 0; i < 5; i++) serial.push(await cgroupOf('cat /proc/self/cgroup'));
    for (const cgroup of serial) expect(cgroup).toMatch(/\/tersh-\d+-\w+\/[\w-]+$/);
    const reused = new Set(serial.slice(1)).size;
    if (spawner === 'warm') expect(reused).toBe(2);
    else expect(reused).toBeLessThanOrEqual(2);
    const overlapping = await Promise.all([
      cgroupOf('cat /proc/self/cgroup; sleep 0.3'),
      cgroupOf('cat /proc/self/cgroup; sleep 0.3'),
    ]);
    expect(new Set(overlapping).size).toBe(2);
  });
});
