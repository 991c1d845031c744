import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { compiled } from '../helpers/compiled.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../jobs/helpers.js';

const tempDir = useTempDirs();
const main = compiled('src/cli/main.ts');

describe('tersh run, interrupted', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'kills its command on %s, prints the result and exits %i with no child left',
    { timeout: 60_000 },
    async (signal, status) => {
      const seconds = uniqueSleepSeconds();
      const state = tempDir('tersh-cli-state-');
      const child = spawn(process.execPath, [main, 'run', `sh -c "sleep ${seconds}"`], {
        cwd: tempDir(),
        env: { ...process.env, TERSH_STORE_DIR: join(state, 'records') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.resume();
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        // The CLI's own command line names the sleep too.
        const commandPids = (): number[] => livePidsWith(`sleep ${seconds}`).filter((pid) => pid !== child.pid);
        expect(await waitFor(() => commandPids().length > 0, 30_000)).toBe(true);
        child.kill(signal);
        expect(await exit).toBe(status);
        expect(JSON.parse(stdout)).toMatchObject({ canceled: true, exit: null });
        expect(commandPids()).toEqual([]);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});
