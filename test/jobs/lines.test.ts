import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShell, isTershError } from '../../src/index.js';
import type { JobLine } from '../../src/jobs/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('jobs.lines()', () => {
  it('yields a job’s lines as they come, whole across writes, and ends with the job', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    try {
      const started = performance.now();
      const job = await shell.run('echo one; printf "tw"; sleep 0.3; printf "o\\r\\n"; echo err >&2; sleep 0.5; printf "last"', {
        background: true,
      });
      const seen: (JobLine & { at: number })[] = [];
      for await (const line of shell.jobs.lines(job.jobId!)) seen.push({ ...line, at: performance.now() - started });
      const ended = performance.now() - started;
      expect(seen.map(({ stream, line }) => [stream, line])).toEqual([
        ['stdout', 'one'],
        ['stdout', 'two'],
        ['stderr', 'err'],
        ['stdout', 'last'],
      ]);
      expect(ended - seen[0]!.at).toBeGreaterThan(500);
      expect((await shell.jobs.logs(job.jobId!)).status).toBe('exited');
    } finally {
      await shell.close();
    }
  });

  it('stops reading when the loop breaks, leaving the job running', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    try {
      const job = await shell.run('while true; do echo tick; sleep 0.1; done', { background: true });
      let count = 0;
      for await (const _ of shell.jobs.lines(job.jobId!)) if (++count === 3) break;
      expect(count).toBe(3);
      expect(shell.jobs.get(job.jobId!).status).toBe('running');
    } finally {
      await shell.close();
    }
  });

  it('does not wait for output from a job that has already finished (logs with waitMs after a stale running)', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    try {
      const job = await shell.run('echo done', { background: true });
      const end = await shell.jobs.logs(job.jobId!, { waitUntilExit: true, waitMs: 5_000 });
      const started = performance.now();
      const again = await shell.jobs.logs(job.jobId!, { stdoutOffset: end.nextStdoutOffset, waitMs: 10_000 });
      expect(again.status).toBe('exited');
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await shell.close();
    }
  });

  it('throws JOB_NOT_FOUND at once for an unknown job', () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    let error: unknown;
    try {
      shell.jobs.lines('j-nope');
    } catch (caught) {
      error = caught;
    }
    expect(isTershError(error) && error.code).toBe('JOB_NOT_FOUND');
    return shell.close();
  });
});
