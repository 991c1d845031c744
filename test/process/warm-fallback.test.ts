import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, prepareSpawner, run } from '../../src/index.js';
import { warmSpawner, warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

// One file of its own: the helper's crash count is process-wide.
describe.runIf(process.platform === 'linux')("when the warm spawner's helper crashes", () => {
  it(
    'resolves the run in flight with a clear error, restarts once, then falls back to direct, said once',
    { timeout: 60_000 },
    async () => {
      expect(await warmSpawnerReady()).toBe(true);
      const first = warmSpawner()!.helperPid;
      const seconds = uniqueSleepSeconds();
      // Its first line reaches the host only once the host knows the pid (the helper forks `sleep` itself now: seeing it
      // in /proc came before the helper's `started` did, and the kill then fell before the start).
      let spoke = false;
      const running = run(`echo up; exec sleep ${seconds}`, {
        store: store(),
        spawner: 'warm',
        allowIdleSleep: true,
        timeoutMs: 30_000,
        onStdout: () => (spoke = true),
      });
      while (!spoke || livePidsWith(`sleep ${seconds}`).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      process.kill(first, 'SIGKILL');
      const lost = await running;
      expect(lost).toMatchObject({ ok: false, exit: null, status: 'error' });
      expect(lost.message).toMatch(/helper .* exited with signal SIGKILL while the command ran; its process group was killed/);
      expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);

      // The next warm run restarts it (starting directly meanwhile).
      expect((await run('true', { store: store(), spawner: 'warm' })).hint).toBeUndefined();
      expect(await warmSpawnerReady()).toBe(true);
      const second = warmSpawner()!.helperPid;
      expect(second).not.toBe(first);
      process.kill(second, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));

      const told = await run('echo $PPID', { store: store(), spawner: 'warm' });
      expect(told.hint).toMatch(/exited with signal SIGKILL \(its second crash\); commands start directly \(spawner: 'direct'\)/);
      expect(told.stdout).toBe(`${process.pid}\n`);
      expect((await run('true', { store: store(), spawner: 'warm' })).hint).toBeUndefined();
      expect(await warmSpawnerReady()).toBe(false);
      expect(await prepareSpawner({ spawner: 'warm' })).toEqual({
        spawner: 'direct',
        reason: expect.stringMatching(/exited with signal SIGKILL \(its second crash\)$/),
      });
    },
  );
});
