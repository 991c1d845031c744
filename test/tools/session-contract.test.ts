import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShell, isTershError, type Shell } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const shellOn = useShells();

describe('a shell session through the tools', () => {
  it("traces what the command did, never the session's own bookkeeping files", async () => {
    const cwd = tempDir();
    const call = toolbox(shellOn(cwd, tempDir()));
    const { body } = await call('sh_run', { command: 'cat /etc/hostname > copied.txt; mkdir made', trace: true });
    expect(body.trace_summary, JSON.stringify(body)).toBeDefined();
    const listed = Object.values(body.trace_summary as Record<string, { items: string[] }>).flatMap((list) => list.items);
    expect(listed).toContain(`${cwd}/copied.txt`);
    expect(listed).toContain('/etc/hostname');
    expect(listed.filter((path) => /tersh-shell-|session-trap|run-\d+\.out/.test(path))).toEqual([]);
  });

  it('finds a checkpoint by label after `cd sub`: it belongs to its origin, not to the live cwd', async () => {
    const root = realpathSync(tempDir());
    writeFileSync(join(root, 'a.txt'), 'before\n');
    const shell = shellOn(root, tempDir());
    const call = toolbox(shell);
    expect((await call('sh_checkpoint', { label: 'start' })).isError).toBe(false);
    await call('sh_run', { command: 'mkdir sub && cd sub && echo after > ../a.txt' });
    expect(shell.cwd).toBe(join(root, 'sub'));
    const listed = await call('sh_checkpoints', {});
    expect(listed.body.checkpoints).toMatchObject([{ label: 'start', origin: root }]);
    expect((await call('sh_checkpoints', { origin: '.' })).body.checkpoints).toEqual([]);
    const restored = await call('sh_restore', { label: 'start' });
    expect(restored.isError, JSON.stringify(restored.body)).toBe(false);
    expect(restored.body).toMatchObject({ label: 'start', origin: root, undo_label: expect.any(String) });
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('before\n');
    // The restore removed sub (made after the checkpoint): the session is back at the origin.
    expect(existsSync(join(root, 'sub'))).toBe(false);
    expect(shell.cwd).toBe(root);
    expect((await call('sh_run', { command: 'pwd' })).body.stdout).toBe(`${root}\n`);
  });

  it('refuses a foreign target with CHECKPOINT_TARGET_MISMATCH, not NOT_FOUND (tools and API)', async () => {
    const root = realpathSync(tempDir());
    const other = realpathSync(tempDir());
    const shell = shellOn(root, tempDir());
    const call = toolbox(shell);
    await call('sh_checkpoint', { label: 'start' });
    const answer = await call('sh_restore', { label: 'start', target: other });
    expect(answer.isError).toBe(true);
    expect(answer.body.error).toMatchObject({ code: 'CHECKPOINT_TARGET_MISMATCH' });
    const thrown = await shell.restore('start', { target: other }).catch((error: unknown) => error);
    expect(isTershError(thrown) && thrown.code).toBe('CHECKPOINT_TARGET_MISMATCH');
    const missing = await call('sh_restore', { label: 'never-taken' });
    expect(missing.body.error).toMatchObject({ code: 'CHECKPOINT_NOT_FOUND', message: expect.stringContaining(root) });
    const explicit = await call('sh_restore', { label: 'start', origin: root, target: root });
    expect(explicit.isError).toBe(false);
  });

  it('passes maxUndoCheckpoints through createShell', async () => {
    const root = tempDir();
    const state = tempDir();
    const shell: Shell = createShell({
      cwd: root,
      checkpointDir: join(state, 'checkpoints'),
      storeDir: join(state, 'records'),
      maxUndoCheckpoints: 1,
    });
    try {
      mkdirSync(join(root, 'd'));
      await shell.checkpoint('base');
      for (let index = 0; index < 3; index += 1) {
        writeFileSync(join(root, 'd', `f${index}`), String(index));
        await shell.restore('base');
      }
      const undos = (await shell.checkpoints()).filter((info) => info.undoOf !== undefined);
      expect(undos).toHaveLength(1);
      expect(() => createShell({ cwd: root, maxUndoCheckpoints: 0 })).toThrow('Expected `maxUndoCheckpoints` to be');
    } finally {
      await shell.close();
    }
  });

  it('keeps a cwd given to sh_run for the next calls (seed 003), and leaves it on a refused call', async () => {
    const root = realpathSync(tempDir());
    mkdirSync(join(root, 'pkg', 'src'), { recursive: true });
    const shell = shellOn(root, tempDir());
    const call = toolbox(shell);
    expect((await call('sh_run', { command: 'pwd', cwd: 'pkg' })).body.stdout).toBe(`${join(root, 'pkg')}\n`);
    expect((await call('sh_run', { command: 'pwd' })).body.stdout).toBe(`${join(root, 'pkg')}\n`);
    expect((await call('sh_run', { command: 'cd src && pwd' })).body.stdout).toBe(`${join(root, 'pkg', 'src')}\n`);
    expect(shell.cwd).toBe(join(root, 'pkg', 'src'));
    const missing = await call('sh_run', { command: 'pwd', cwd: 'nowhere' });
    expect(missing.body.error.message).toMatch(/^Expected `cwd` to be an existing directory, got `\/.*\/pkg\/src\/nowhere`$/);
    const refused = await call('sh_run', { command: 'true', cwd: root, timeout_ms: 0, auto_background_after_ms: 0 });
    expect(refused.isError).toBe(true);
    expect(shell.cwd).toBe(join(root, 'pkg', 'src'));
    expect(shell.cd('..')).toBe(join(root, 'pkg'));
    expect(() => shell.cd('absent')).toThrow('Expected `path` to be an existing directory');
  });

  it('lists jobs with sh_jobs, and takes background_action status | cancel on sh_logs, sh_kill and sh_run', async () => {
    const shell = shellOn(tempDir(), tempDir());
    const call = toolbox(shell);
    const quick = await call('sh_run', { command: 'echo quick', run_in_background: true });
    const slow = await call('sh_run', { command: 'sleep 30; echo never', run_in_background: true });
    await call('sh_logs', { job_id: quick.body.job_id, wait_until_exit: true, wait_ms: 5_000 });
    const listed = await call('sh_jobs', {});
    expect(listed.body.jobs).toMatchObject([
      { job_id: quick.body.job_id, command: 'echo quick', status: 'exited', exit: 0 },
      { job_id: slow.body.job_id, status: 'running', pid: expect.any(Number) },
    ]);
    expect((await call('sh_logs', { job_id: slow.body.job_id, background_action: 'status' })).body).toMatchObject({
      job_id: slow.body.job_id,
      status: 'running',
    });
    expect((await call('sh_run', { job_id: slow.body.job_id, background_action: 'status' })).body).toMatchObject({
      status: 'running',
    });
    const cancelled = await call('sh_kill', { job_id: slow.body.job_id, background_action: 'cancel' });
    expect(cancelled.body).toMatchObject({ job_id: slow.body.job_id, status: 'killed' });
    expect((await call('sh_run', { job_id: quick.body.job_id, background_action: 'cancel' })).body).toMatchObject({
      status: 'exited',
    });
    const readOnly = await call('sh_logs', { job_id: quick.body.job_id, background_action: 'cancel' });
    expect(readOnly.body.error.message).toBe("Expected `background_action` to be one of 'status', got `cancel` (string)");
    const unknown = await call('sh_logs', { job_id: 'j000', background_action: 'status' });
    expect(unknown.body.error).toMatchObject({ code: 'JOB_NOT_FOUND' });
    const noId = await call('sh_run', { background_action: 'status' });
    expect(noId.body.error.message).toMatch(/^Expected `job_id` with `background_action`/);
  });
});
