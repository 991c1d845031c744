import { describe, expect, it } from 'vitest';
import { idleSleepRefusal } from '../../src/run/idle-sleep.js';
import { run } from '../../src/run/index.js';
import { createJobManager } from '../../src/jobs/index.js';
import { createRecordStore } from '../../src/store/index.js';
import { join } from 'node:path';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('idle sleep is read from the parsed command', () => {
  it.each([
    'sleep 30',
    'sleep 2m',
    'sleep 1m 30s',
    'sleep 0.5h',
    "sleep '10'",
    '/bin/sleep 5',
    'sleep infinity',
    'echo waiting; sleep 60',
    'Start-Sleep 5',
    'Start-Sleep -Seconds 5',
    'start-sleep -s 3',
    'Start-Sleep -Milliseconds 5000',
  ])('refuses %s', (command) => {
    expect(idleSleepRefusal(command)).toMatch(/^Refused to run a bare/);
  });

  it.each([
    'sleep 1',
    'sleep 0.5',
    'sleep 1.5s',
    'Start-Sleep -Milliseconds 500',
    'sleep 5 && curl localhost',
    'until [ -f x ]; do sleep 5; done',
    'sleep 5 &',
    'sleep 5 | cat',
    'sleep 60; echo done',
    'sleep "$DELAY"',
    'sleep --help',
    '(sleep 5)',
    'echo sleep 30',
  ])('lets %s run', (command) => {
    expect(idleSleepRefusal(command)).toBeUndefined();
  });

  it('never refuses a sleep asked to run in the background', async () => {
    const dir = tempDir();
    const store = createRecordStore({ dir: join(dir, 'records') });
    const jobs = createJobManager();
    try {
      const result = await run('sleep 100', { store, jobs, background: true });
      expect(result.blocked).toBeUndefined();
      expect(result.jobId).toBeDefined();
    } finally {
      await jobs.close();
    }
  });
});
