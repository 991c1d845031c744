import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { createCgroupParent, removeCgroup } from '../../src/process/cgroup.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const probe = createCgroupParent();
if (probe) removeCgroup(probe);

// An emptied run cgroup is kept for the next run (a cgroup's mkdir and rmdir take a machine-wide kernel lock).
describe.runIf(probe !== undefined)('run cgroups', () => {
  it.each(['warm', 'direct'] as const)('are reused once emptied, never while a run is in one (%s)', async (spawner) => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const cgroupOf = async (command: string): Promise<string> =>
      ((await run(command, { store, spawner })).stdout ?? '').split('\n').find((line) => line.startsWith('0::'))!;
    const first = await cgroupOf('cat /proc/self/cgroup');
    expect(first).toMatch(/\/tersh-\d+-\w+\/\w+$/);
    expect(await cgroupOf('cat /proc/self/cgroup')).toBe(first);
    const overlapping = await Promise.all([
      cgroupOf('cat /proc/self/cgroup; sleep 0.3'),
      cgroupOf('cat /proc/self/cgroup; sleep 0.3'),
    ]);
    expect(new Set(overlapping).size).toBe(2);
  });
});
