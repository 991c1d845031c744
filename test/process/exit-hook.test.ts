import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

// The exit hook (signal-exit: a listener on a dozen signals) kills the held runs when the host exits. Installing
// it costs each run 0.2 ms of CPU, so it stays between back-to-back runs and goes once the host is idle.
describe('the exit hook that ties runs to the host', () => {
  it('stays installed between back-to-back runs and is removed once no run has been held for a second', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    await sleep(1_100); // an earlier test's hook, if any, is gone
    const before = process.listenerCount('SIGHUP');
    await run('true', { store });
    const held = process.listenerCount('SIGHUP');
    expect(held).toBeGreaterThan(before);
    await run('true', { store });
    expect(process.listenerCount('SIGHUP')).toBe(held);
    await sleep(1_300);
    expect(process.listenerCount('SIGHUP')).toBe(before);
  }, 15_000);
});
