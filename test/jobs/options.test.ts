import { describe, expect, it } from 'vitest';
import { createJobManager } from '../../src/jobs/index.js';

describe('createJobManager options', () => {
  it.each([
    [{ maxJobs: 0 }, 'maxJobs'],
    [{ maxJobs: 1.5 }, 'maxJobs'],
    [{ defaultLifetimeMs: -1 }, 'defaultLifetimeMs'],
    [{ maxWaitMs: '45s' }, 'maxWaitMs'],
    [{ store: {} }, 'store'],
    [{ lifetime: 5 }, 'lifetime'],
    ['fast', 'options'],
  ])('rejects %j naming the field', (options, field) => {
    expect(() => createJobManager(options as never)).toThrow(new RegExp(`\`${field}\``));
  });

  it('defaults to a one-hour job lifetime and starts with no jobs', () => {
    const jobs = createJobManager();
    expect(jobs.defaultLifetimeMs).toBe(3_600_000);
    expect(jobs.list()).toEqual([]);
  });

  it('rejects a bad job id naming the field', async () => {
    const jobs = createJobManager();
    expect(() => jobs.get(42 as never)).toThrow(/`jobId`/);
    await expect(jobs.logs('')).rejects.toThrow(/`jobId`/);
  });
});
