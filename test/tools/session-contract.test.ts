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
  it('traces what the command did, never the session\'s own bookkeeping files', async () => {
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
    const shell: Shell = createShell({ cwd: root, checkpointDir: join(state, 'checkpoints'), storeDir: join(state, 'records'), maxUndoCheckpoints: 1 });
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
});
