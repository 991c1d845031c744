import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';

const tempDir = useTempDirs();

describe('a background grandchild holding the pipe', () => {
  it('settles on the process exit, not on the pipe, and stops the leftover', async () => {
    const seconds = uniqueSleepSeconds();
    const started = Date.now();
    const result = await run(`sh -c 'sleep ${seconds} & echo hi'`, { store: createRecordStore({ dir: join(tempDir(), 'r') }) });
    expect(Date.now() - started).toBeLessThan(3_000); // the sleep lasts minutes; generous for a loaded CI machine
    expect(result).toMatchObject({ exit: 0, ok: true, stdout: 'hi\n' });
    expect(result.hint).toMatch(/1 background process \(pid \d+\) was still running/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });

  it('does not wait on a setsid escapee holding the pipe either', async () => {
    const seconds = uniqueSleepSeconds();
    const started = Date.now();
    const result = await run(`setsid sleep ${seconds}`, { store: createRecordStore({ dir: join(tempDir(), 'r') }) });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.exit).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });
});
