import { describe, expect, it } from 'vitest';
import type { JobManager } from '../../src/jobs/index.js';
import { defaultJobHost } from '../../src/run/default-jobs.js';
import { run } from '../../src/run/index.js';
import { useJobs } from './helpers.js';

const fixture = useJobs();

describe('job logs', () => {
  it('promotes a slow foreground command and reads its logs by offset until exit', async () => {
    const { store, jobs } = fixture();
    const command = 'for i in 1 2 3 4 5 6; do echo "line $i"; echo "err $i" >&2; sleep 0.2; done';
    const started = await run(command, { store, jobs, autoBackgroundAfterMs: 300 });
    expect(started.autoBackgrounded).toBe(true);
    expect(started.exit).toBeNull();
    const jobId = started.jobId!;
    expect(jobId).toMatch(/^j[0-9]{21}$/);

    let stdout = '';
    let stderr = '';
    let stdoutOffset = 0;
    let stderrOffset = 0;
    let polls = 0;
    for (;;) {
      const logs = await jobs.logs(jobId, { stdoutOffset, stderrOffset, waitMs: 5_000 });
      stdout += logs.stdout;
      stderr += logs.stderr;
      stdoutOffset = logs.nextStdoutOffset;
      stderrOffset = logs.nextStderrOffset;
      polls++;
      if (logs.status !== 'running') {
        expect(logs.status).toBe('exited');
        expect(logs.exit).toBe(0);
        expect(logs.result?.ok).toBe(true);
        break;
      }
    }
    expect(stdout).toBe([1, 2, 3, 4, 5, 6].map((i) => `line ${i}\n`).join(''));
    expect(stderr).toBe([1, 2, 3, 4, 5, 6].map((i) => `err ${i}\n`).join(''));
    expect(polls).toBeGreaterThan(1);
  });

  it('waits in the library until the job exits, not until the wait runs out', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 0.6; echo done', { store, jobs, background: true });
    const before = performance.now();
    const logs = await jobs.logs(jobId!, { waitUntilExit: true, waitMs: 20_000 });
    const waited = performance.now() - before;
    expect(logs.status).toBe('exited');
    expect(logs.stdout).toBe('done\n');
    expect(waited).toBeGreaterThan(400);
    expect(waited).toBeLessThan(10_000);
  });

  it('returns at once with what is there when no wait is asked', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 30', { store, jobs, background: true, allowIdleSleep: true });
    const before = performance.now();
    const logs = await jobs.logs(jobId!);
    expect(performance.now() - before).toBeLessThan(1_000);
    expect(logs).toMatchObject({ status: 'running', stdout: '', nextStdoutOffset: 0 });
  });

  it('caps a wait at maxWaitMs', async () => {
    const { store, jobs } = fixture();
    const capped = (await import('../../src/jobs/index.js')).createJobManager({ maxWaitMs: 200 });
    try {
      const { jobId } = await run('sleep 30', { store, jobs: capped, background: true, allowIdleSleep: true });
      const before = performance.now();
      const logs = await capped.logs(jobId!, { waitUntilExit: true, waitMs: 60_000 });
      expect(logs.status).toBe('running');
      expect(performance.now() - before).toBeLessThan(5_000);
    } finally {
      await capped.close();
    }
    void jobs;
  });

  it('keeps logs and detail readable after the job is over', async () => {
    const { store, jobs } = fixture();
    const { jobId, id } = await run('printf "a\\nb\\n"; exit 3', { store, jobs, background: true });
    const logs = await jobs.logs(jobId!, { waitUntilExit: true });
    expect(logs).toMatchObject({ status: 'exited', exit: 3, recordId: id });
    expect(logs.result?.ok).toBe(false);
    const again = await jobs.logs(jobId!, { stdoutOffset: 2 });
    expect(again.stdout).toBe('b\n');
    expect(await store.detail(id)).toBe('a\nb\n');
    expect(jobs.get(jobId!)).toMatchObject({ status: 'exited', exit: 3, recordId: id });
  });

  it('pages a large output with maxBytes and says there is more', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('seq 1 20000', { store, jobs, background: true });
    await jobs.logs(jobId!, { waitUntilExit: true });
    const first = await jobs.logs(jobId!, { maxBytes: 1000 });
    expect(first.stdout.length).toBe(1000);
    expect(first.more).toBe(true);
    const second = await jobs.logs(jobId!, { stdoutOffset: first.nextStdoutOffset, maxBytes: 64 * 1024 * 1024 });
    expect(first.stdout + second.stdout).toBe(Array.from({ length: 20000 }, (_, i) => `${i + 1}\n`).join(''));
    expect(second.more).toBeUndefined();
  });

  it.each([
    [{ stdoutOffset: -1 }, 'stdoutOffset'],
    [{ waitMs: 'soon' }, 'waitMs'],
    [{ waitUntilExit: 'yes' }, 'waitUntilExit'],
    [{ maxBytes: 0 }, 'maxBytes'],
    [{ offset: 3 }, 'offset'],
  ])('rejects bad logs options %j naming the field', async (options, field) => {
    const { store, jobs } = fixture();
    const { jobId } = await run('true', { store, jobs, background: true });
    await expect(jobs.logs(jobId!, options as never)).rejects.toThrow(new RegExp(`\`${field}\``));
  });

  it('runs a background command with no job manager given in the per-process default one', async () => {
    const { jobId, id } = await run('echo default', { background: true });
    const jobs = defaultJobHost() as JobManager;
    expect(defaultJobHost()).toBe(jobs);
    const logs = await jobs.logs(jobId!, { waitUntilExit: true });
    expect(logs).toMatchObject({ status: 'exited', stdout: 'default\n', recordId: id });
  });

  it('answers an unknown job id with JOB_NOT_FOUND', async () => {
    const { jobs } = fixture();
    await expect(jobs.logs('j999')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
    expect(() => jobs.get('j999')).toThrow(/No job "j999"/);
  });
});
