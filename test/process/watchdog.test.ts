import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { signalPids } from '../../src/process/group.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { waitFor } from '../jobs/helpers.js';

const host = new URL('../fixtures/run/watchdog-host.ts', import.meta.url).pathname;

describe('the watchdog', () => {
  it('kills every group it watches when its host is SIGKILLed, and none it was told to forget', { timeout: 60_000 }, async () => {
    const watched = uniqueSleepSeconds();
    const forgotten = uniqueSleepSeconds();
    const child = spawn(process.execPath, ['--import', 'tsx', host, watched, forgotten], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      // The host's own command line names both markers.
      const pids = (seconds: string): number[] => livePidsWith(`sleep ${seconds}`).filter((pid) => pid !== child.pid);
      expect(pids(watched)).toHaveLength(3);
      child.kill('SIGKILL');
      expect(await waitFor(() => pids(watched).length === 0, 2_000)).toBe(true);
      expect(pids(forgotten)).toHaveLength(3);
    } finally {
      child.kill('SIGKILL');
      signalPids(
        [...livePidsWith(`sleep ${watched}`), ...livePidsWith(`sleep ${forgotten}`)].filter((pid) => pid !== child.pid),
        'SIGKILL',
      );
    }
  });
});
