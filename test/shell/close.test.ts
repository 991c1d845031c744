import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShell } from '../../src/index.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../jobs/helpers.js';

const tempDir = useTempDirs();

describe('shell.close()', () => {
  it('ends the foreground runs in progress: each resolves canceled, nothing is left', async () => {
    const shell = createShell({ storeDir: tempDir() });
    const seconds = uniqueSleepSeconds();
    const runs = [shell.run(`sh -c 'sleep ${seconds}'`), shell.run(`sh -c 'sleep ${seconds} & sleep ${seconds}'`)];
    expect(await waitFor(() => livePidsWith(`sleep ${seconds}`).length >= 3, 10_000)).toBe(true);
    const started = Date.now();
    await shell.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const result of await Promise.all(runs)) expect(result).toMatchObject({ canceled: true, ok: false, exit: null });
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });

  it('leaves a detached run going', async () => {
    const shell = createShell({ storeDir: tempDir() });
    const seconds = uniqueSleepSeconds();
    const running = shell.run(`sleep ${seconds}`, { detached: true, allowIdleSleep: true, timeoutMs: 1_000 });
    expect(await waitFor(() => livePidsWith(`sleep ${seconds}`).length === 1, 10_000)).toBe(true);
    await shell.close();
    expect(livePidsWith(`sleep ${seconds}`)).toHaveLength(1);
    expect(await running).toMatchObject({ timedOut: true });
  });

  it("resolves once every record is on disk, a silent run's too: nothing writes to the store after it", async () => {
    const storeDir = tempDir();
    const shell = createShell({ storeDir });
    const { id } = await shell.run('true');
    await shell.close();
    expect(existsSync(join(storeDir, id, 'meta.json'))).toBe(true);
  });
});
