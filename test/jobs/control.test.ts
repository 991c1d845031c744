import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import { alive, orphansOf, useJobs, waitFor } from './helpers.js';

const fixture = useJobs({ maxJobs: 2 });

function groupMembers(pgid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0 && alive(pid));
  } catch {
    return [];
  }
}

describe('job control', () => {
  it('sends a signal to every process of the job group', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 100 & sleep 100 & wait', { store, jobs, background: true, allowIdleSleep: true });
    const { pid } = jobs.get(jobId!);
    expect(await waitFor(() => groupMembers(pid).length === 3)).toBe(true);
    const members = groupMembers(pid);
    expect(jobs.signal(jobId!, 'SIGTERM')).toBe(true);
    const logs = await jobs.logs(jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(logs.status).toBe('killed');
    expect(members.filter(alive)).toEqual([]);
  });

  it('rejects a signal name that does not exist, naming the field', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('true', { store, jobs, background: true });
    expect(() => jobs.signal(jobId!, 'SIGNOPE' as NodeJS.Signals)).toThrow(/`signal`.*SIGNOPE/);
    expect(() => jobs.signal(jobId!, 9 as never)).toThrow(/`signal`/);
  });

  it('writes to the stdin of a job started with stdin pipe, then closes it', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('cat', { store, jobs, background: true, stdin: 'pipe' });
    expect(jobs.get(jobId!).writable).toBe(true);
    await jobs.write(jobId!, 'hello\n');
    await jobs.write(jobId!, new TextEncoder().encode('world\n'));
    jobs.closeStdin(jobId!);
    const logs = await jobs.logs(jobId!, { waitUntilExit: true });
    expect(logs).toMatchObject({ status: 'exited', exit: 0, stdout: 'hello\nworld\n' });
  });

  it('refuses to write to a job without a stdin pipe', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 5', { store, jobs, background: true, allowIdleSleep: true });
    await expect(jobs.write(jobId!, 'x')).rejects.toMatchObject({ code: 'JOB_NOT_WRITABLE' });
    expect(() => jobs.closeStdin(jobId!)).toThrow(/stdin: 'pipe'/);
    await expect(jobs.write(jobId!, 42 as never)).rejects.toThrow(/`data`/);
  });

  it('refuses a job beyond the live-job cap with a clear error, and accepts one once a slot frees', async () => {
    const { store, jobs } = fixture();
    const first = await run('sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    await run('sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    const refused = run('sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    await expect(refused).rejects.toMatchObject({ code: 'JOB_LIMIT' });
    await expect(refused).rejects.toThrow(/maxJobs is 2/);
    const canceled = await jobs.cancel(first.jobId!);
    expect(canceled.status).toBe('killed');
    const third = await run('true', { store, jobs, background: true });
    expect(third.jobId).toBeDefined();
    expect(jobs.list().map((job) => job.jobId)).toContain(third.jobId);
  });

  it('reports the processes left behind as orphans, not as finished, until they are gone', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 1.5 & echo started', { store, jobs, background: true });
    const orphans = await orphansOf(jobs, jobId!);
    expect(orphans).toHaveLength(1);
    expect(alive(orphans[0]!)).toBe(true);
    const during = await jobs.logs(jobId!);
    expect(during).toMatchObject({ status: 'running', stdout: 'started\n', orphans });
    expect(during.result).toBeUndefined();
    expect(jobs.get(jobId!).orphans).toEqual(orphans);
    const end = await jobs.logs(jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(end.status).toBe('exited');
    expect(end.orphans).toBeUndefined();
    expect(end.ms).toBeGreaterThanOrEqual(1_400);
  });

  it('reports a detached orphan that closed its output too', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('nohup sleep 1.5 >/dev/null 2>&1 &', { store, jobs, background: true });
    expect(await orphansOf(jobs, jobId!)).toHaveLength(1);
    expect((await jobs.logs(jobId!)).status).toBe('running');
    const end = await jobs.logs(jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(end.status).toBe('exited');
  });

  it('cancels a job whose orphans run on, killing them', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 100 & exit 0', { store, jobs, background: true, allowIdleSleep: true });
    const orphans = await orphansOf(jobs, jobId!);
    expect(orphans).toHaveLength(1);
    const info = await jobs.cancel(jobId!);
    expect(info.status).toBe('killed');
    expect(orphans.filter(alive)).toEqual([]);
  });

  it('kills every live job group on close', async () => {
    const { store, jobs } = fixture();
    const { jobId } = await run('sleep 100 & sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    const { pid } = jobs.get(jobId!);
    expect(await waitFor(() => groupMembers(pid).length >= 2)).toBe(true);
    const members = groupMembers(pid);
    await jobs.close();
    expect(members.filter(alive)).toEqual([]);
    expect(jobs.get(jobId!).status).toBe('killed');
    expect(() => jobs.ensureCapacity()).toThrow(expect.objectContaining({ code: 'SHELL_CLOSED' }));
  });

  it("has each job's record complete once close() resolves, a silent job's too (nothing writes to the store after)", async () => {
    const { store, jobs, dir } = fixture();
    const silent = await run('true', { store, jobs, background: true });
    const killed = await run('sleep 100', { store, jobs, background: true, allowIdleSleep: true });
    await jobs.close();
    expect(existsSync(join(dir, silent.id, 'meta.json'))).toBe(true);
    expect(existsSync(join(dir, killed.id, 'meta.json'))).toBe(true);
  });
});
