import { describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import { alive, orphansOf, useJobs } from './helpers.js';

const fixture = useJobs({ defaultLifetimeMs: 2_000, maxJobs: 1 });

describe('job lifetime', () => {
  it('kills a background job that outlives the default lifetime', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    const logs = await jobs.logs(jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(logs.status).toBe('killed');
    expect(logs.result?.timedOut).toBe(true);
    expect(logs.ms).toBeGreaterThanOrEqual(1_900);
  });

  it('kills the processes a job left behind once its lifetime is over', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 100 & echo left', { store, jobs, background: true, allowIdleSleep: true });
    const orphans = await orphansOf(jobs, jobId!);
    expect(orphans).toHaveLength(1);
    const end = await jobs.logs(jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(end.status).toBe('killed');
    expect(orphans.filter(alive)).toEqual([]);
  });

  it('takes a promoted run even at the cap, since it is already running', async () => {
    const { store, jobs } = fixture();
    await run('sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    const promoted = await run('sleep 0.4; echo late', { store, jobs, autoBackgroundAfterMs: 100 });
    expect(promoted.autoBackgrounded).toBe(true);
    expect(jobs.list().filter((job) => job.status === 'running')).toHaveLength(2);
    const logs = await jobs.logs(promoted.jobId!, { waitUntilExit: true });
    expect(logs).toMatchObject({ status: 'exited', stdout: 'late\n' });
    expect(logs.ms).toBeGreaterThanOrEqual(350);
  });
});
