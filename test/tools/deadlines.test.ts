import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobManager, createRecordStore, createShell, run, type Shell, type ShellOptions } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const shells: Shell[] = [];
const managers: ReturnType<typeof createJobManager>[] = [];
afterEach(async () => {
  await Promise.all([...shells.splice(0).map((shell) => shell.close()), ...managers.splice(0).map((jobs) => jobs.close())]);
});

function session(options: ShellOptions = {}) {
  const state = tempDir();
  const shell = createShell({
    cwd: tempDir(),
    storeDir: join(state, 'records'),
    checkpointDir: join(state, 'checkpoints'),
    ...options,
  });
  shells.push(shell);
  return { shell, call: toolbox(shell) };
}

describe('timeouts and promotion agree with the schema and the seeds', () => {
  it('accepts timeout_ms up to 3 600 000 when the run can become a job, and the job finishes', async () => {
    const { call } = session();
    const started = await call('sh_run', {
      command: 'sleep 0.6; echo late',
      timeout_ms: 3_600_000,
      auto_background_after_ms: 150,
    });
    expect(started.body, JSON.stringify(started.body)).toMatchObject({
      auto_backgrounded: true,
      status: 'running',
      job_id: expect.any(String),
    });
    const logs = await call('sh_logs', { job_id: started.body.job_id, wait_until_exit: true, wait_ms: 10_000 });
    expect(logs.body).toMatchObject({ status: 'exited', exit: 0, stdout: 'late\n' });
  });

  it('takes timeout_ms 0 as no deadline of its own, with promotion on; refuses it with promotion off', async () => {
    const { call } = session({ defaults: { autoBackgroundAfterMs: 150 } });
    const started = await call('sh_run', { command: 'sleep 0.5; echo unlimited', timeout_ms: 0 });
    expect(started.body).toMatchObject({ auto_backgrounded: true, job_id: expect.any(String) });
    const logs = await call('sh_logs', { job_id: started.body.job_id, wait_until_exit: true, wait_ms: 10_000 });
    expect(logs.body).toMatchObject({ status: 'exited', stdout: 'unlimited\n' });
    const refused = await call('sh_run', { command: 'echo x', timeout_ms: 0, auto_background_after_ms: 0 });
    expect(refused.isError).toBe(true);
    expect(refused.body.error.message).toMatch(/^Expected `timeout_ms` to be at least 1 with `auto_background_after_ms: 0`/);
  });

  it('keeps a run in the foreground with auto_background_after_ms 0, within the foreground cap', async () => {
    const { call } = session({ defaults: { autoBackgroundAfterMs: 100 } });
    const foreground = await call('sh_run', { command: 'sleep 0.5; echo stayed', auto_background_after_ms: 0 });
    expect(foreground.body).toMatchObject({ exit: 0, ok: true, stdout: 'stayed\n' });
    expect(foreground.body.job_id).toBeUndefined();
    const tooLong = await call('sh_run', { command: 'echo x', auto_background_after_ms: 0, timeout_ms: 600_001 });
    expect(tooLong.body.error.message).toBe('Expected `timeout_ms` to be an integer from 1 to 600000, got `600001` (number)');
  });

  it('detaches a run still going at the foreground cap into a job that keeps its own timeout (API)', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const jobs = createJobManager();
    managers.push(jobs);
    const started = await run('sleep 1; echo past-the-cap', {
      store,
      jobs,
      maxTimeoutMs: 300,
      autoBackgroundAfterMs: 60_000,
      timeoutMs: 5_000,
    });
    expect(started).toMatchObject({ autoBackgrounded: true, status: 'running' });
    expect(started.ms).toBeLessThan(900);
    const logs = await jobs.logs(started.jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(logs).toMatchObject({ status: 'exited', exit: 0, stdout: 'past-the-cap\n' });
    const killed = await run('sleep 5; echo never', {
      store,
      jobs,
      maxTimeoutMs: 200,
      autoBackgroundAfterMs: 60_000,
      timeoutMs: 700,
    });
    const end = await jobs.logs(killed.jobId!, { waitUntilExit: true, waitMs: 10_000 });
    expect(end.result).toMatchObject({ timedOut: true });
  });

  it("leaves the bare run() in the foreground by default, and a shell's default promotion off with expect or retries", async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const direct = await run('sleep 0.3; echo bare', { store, timeoutMs: 700_000 - 100_001 });
    expect(direct).toMatchObject({ exit: 0, stdout: 'bare\n' });
    const { shell } = session();
    const checked = await shell.run('echo checked', { expect: { stdoutContains: 'checked' }, retries: 1 });
    expect(checked).toMatchObject({ assertOk: true });
    await expect(shell.run('echo x', { autoBackgroundAfterMs: 100, expect: { exit: 0 } })).rejects.toThrow(
      '`expect` together with `autoBackgroundAfterMs`',
    );
  });

  it('promotes a foreground call past 30 s to a job by default in a shell (seed 001)', { timeout: 60_000 }, async () => {
    const { call } = session();
    const before = performance.now();
    // The command outlasts the promotion by far: under load the 30 s timer may fire late, never early.
    const started = await call('sh_run', { command: 'sleep 50; echo promoted', timeout_ms: 60_000 });
    const waited = performance.now() - before;
    expect(started.body).toMatchObject({ auto_backgrounded: true, status: 'running' });
    expect(waited).toBeGreaterThanOrEqual(29_900);
    expect(waited).toBeLessThan(40_000);
    await call('sh_kill', { job_id: started.body.job_id });
  });
});
