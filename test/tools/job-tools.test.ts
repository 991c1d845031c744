import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const runShell = useShells();

describe('sh_logs and sh_kill', () => {
  it('reads a background job by offsets until it exits', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const started = await call('sh_run', { command: 'echo first; sleep 0.5; echo second', run_in_background: true });
    expect(started.isError).toBe(false);
    const jobId = started.body.job_id as string;
    const early = await call('sh_logs', { job_id: jobId, wait_ms: 5000 });
    expect(early.body.stdout).toBe('first\n');
    const rest = await call('sh_logs', {
      job_id: jobId,
      stdout_offset: early.body.next_stdout_offset,
      wait_until_exit: true,
      wait_ms: 10_000,
    });
    expect(rest.body).toMatchObject({ job_id: jobId, status: 'exited', exit: 0, stdout: 'second\n' });
  });

  it('promotes a slow foreground run with auto_background_after_ms', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const result = await call('sh_run', { command: 'sleep 1; echo late', auto_background_after_ms: 200 });
    expect(result.body).toMatchObject({ auto_backgrounded: true, exit: null });
    const logs = await call('sh_logs', { job_id: result.body.job_id, wait_until_exit: true, wait_ms: 10_000 });
    expect(logs.body).toMatchObject({ status: 'exited', stdout: 'late\n' });
  });

  it("kills a job's process group and reports it killed", async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    const jobId = (await call('sh_run', { command: 'sleep 30 & sleep 30; wait', run_in_background: true })).body.job_id;
    const killed = await call('sh_kill', { job_id: jobId, signal: 'SIGKILL' });
    expect(killed.isError).toBe(false);
    expect(killed.body).toMatchObject({ job_id: jobId, signal: 'SIGKILL' });
    const logs = await call('sh_logs', { job_id: jobId, wait_until_exit: true, wait_ms: 10_000 });
    expect(logs.body.status).toBe('killed');
  });

  it('answers an unknown job id and a bad signal with errors', async () => {
    const call = toolbox(runShell(tempDir(), tempDir()));
    expect((await call('sh_logs', { job_id: 'nope' })).body.error.code).toBe('JOB_NOT_FOUND');
    expect((await call('sh_kill', { job_id: 'nope' })).body.error.code).toBe('JOB_NOT_FOUND');
    expect((await call('sh_kill', { job_id: 'x', signal: 'SIGSTOP' })).body.error.message).toMatch(
      /^Expected `signal` to be one of 'SIGTERM'/,
    );
    expect((await call('sh_logs', { job_id: 'x', wait_ms: 60_000 })).body.error.message).toMatch(
      /^Expected `wait_ms` to be an integer from 0 to 45000/,
    );
  });
});
