import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShell } from '../../src/shell/index.js';
import { useShell } from './helpers.js';

const fixture = useShell();

describe('createShell', () => {
  it('has exactly the members of the Shell shape', () => {
    const { shell } = fixture();
    const members = [...Object.keys(shell)].sort();
    expect(members).toEqual([
      'cd',
      'checkpoint',
      'checkpoints',
      'close',
      'cwd',
      'detail',
      'jobs',
      'plan',
      'pty',
      'read',
      'restore',
      'run',
    ]);
  });

  it('keeps every record in its store, readable by detail and read', async () => {
    const { shell } = fixture();
    const result = await shell.run('seq 1 5');
    expect(await shell.detail(result.id)).toBe('1\n2\n3\n4\n5\n');
    const page = await shell.read(result.id, 'stdout', { offset: 4, maxBytes: 16 });
    expect(page).toMatchObject({ data: '3\n4\n5\n', eof: true });
  });

  it('applies its defaults under the per-call options', async () => {
    const { shell } = fixture({ defaults: { timeoutMs: 300, allowIdleSleep: true } });
    const slow = await shell.run('sleep 5');
    expect(slow.timedOut).toBe(true);
    const longer = await shell.run('sleep 0.5', { timeoutMs: 5_000 });
    expect(longer.ok).toBe(true);
  });

  it('runs background jobs in its own job manager and kills them on close', async () => {
    const { shell } = fixture();
    const started = await shell.run('sleep 100', { background: true, allowIdleSleep: true });
    const { pid } = shell.jobs.get(started.jobId!);
    await shell.close();
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    expect(alive).toBe(false);
  });

  it('answers every method of a closed shell with SHELL_CLOSED', async () => {
    const { shell } = fixture();
    await shell.close();
    const closed = expect.objectContaining({ code: 'SHELL_CLOSED' });
    await expect(shell.run('true')).rejects.toEqual(closed);
    await expect(shell.detail('rabcdefgh')).rejects.toEqual(closed);
    await expect(shell.read('rabcdefgh', 'stdout')).rejects.toEqual(closed);
    await expect(shell.plan('ls')).rejects.toEqual(closed);
    await expect(shell.checkpoint('a')).rejects.toEqual(closed);
    await expect(shell.restore('a')).rejects.toEqual(closed);
    await expect(shell.checkpoints()).rejects.toEqual(closed);
    expect(() => shell.jobs).toThrow(closed);
    await expect(shell.close()).resolves.toBeUndefined();
  });

  it('plans a command without running it', async () => {
    const { shell, root } = fixture();
    const plan = await shell.plan('rm -rf build');
    expect(plan).toBeTypeOf('object');
    expect(JSON.stringify(plan)).toMatch(/rm/);
    expect(existsSync(root)).toBe(true);
  });

  it('checkpoints and restores the session directory', async () => {
    const { shell, root } = fixture();
    writeFileSync(join(root, 'file.txt'), 'before');
    const info = await shell.checkpoint('start');
    expect(info.origin).toBe(root);
    await shell.run('echo after > file.txt');
    expect(readFileSync(join(root, 'file.txt'), 'utf8')).toBe('after\n');
    const report = await shell.restore('start');
    expect(report.written).toContain('file.txt');
    expect(readFileSync(join(root, 'file.txt'), 'utf8')).toBe('before');
    const labels = (await shell.checkpoints()).map((c) => c.label);
    expect(labels).toContain('start');
    expect(labels).toContain(report.undoLabel);
  });

  it.each([
    [{ cwd: '/definitely/not/here' }, 'cwd'],
    [{ env: { A: 1 } }, 'env.A'],
    [{ defaults: { timeoutMs: -5 } }, 'timeoutMs'],
    [{ defaults: { cwd: '/tmp' } }, 'defaults.cwd'],
    [{ persistEnv: 'yes' }, 'persistEnv'],
    [{ jobs: { maxJobs: 0 } }, 'maxJobs'],
    [{ storeDir: 5 }, 'storeDir'],
    [{ colour: true }, 'colour'],
  ])('rejects bad options %j naming the field', (options, field) => {
    expect(() => createShell(options as never)).toThrow(new RegExp(`\`${field.replace('.', '\\.')}\``));
  });

  it('rejects bad run options naming the field', async () => {
    const { shell } = fixture();
    await expect(shell.run('true', { timeoutMs: 'soon' } as never)).rejects.toThrow(/`timeoutMs`/);
    await expect(shell.run('true', { store: {} } as never)).rejects.toThrow(/Unknown option `store`/);
  });
});

describe('the shell policy', () => {
  it('applies to every run, and a call cannot replace it', async () => {
    const { shell, root } = fixture({ policy: { deny: ['rm -rf'] } });
    writeFileSync(join(root, 'keep.txt'), 'x');
    const blocked = await shell.run('rm -rf keep.txt');
    expect(blocked.blocked).toBe(true);
    expect(existsSync(join(root, 'keep.txt'))).toBe(true);
    await expect(shell.run('rm -rf keep.txt', { policy: { mode: 'off' } } as never)).rejects.toThrow(/Unknown option `policy`/);
  });
});

describe('a shell that sandboxes every run', () => {
  it('confines each run and refuses a call that tries to change the sandbox', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tersh-sbx-'));
    const outside = mkdtempSync(join(tmpdir(), 'tersh-sbx-out-'));
    const state = mkdtempSync(join(tmpdir(), 'tersh-sbx-state-'));
    const shell = createShell({ cwd, storeDir: join(state, 'records'), sandbox: { network: false } });
    try {
      const result = await shell.run(`touch ${outside}/escaped.txt`);
      expect(result.sandboxed).toBe(true);
      expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
      await expect(shell.run('true', { sandbox: false })).rejects.toThrow(/cannot change/);
      await expect(shell.run('true', { sandbox: { writable: ['/'] } })).rejects.toThrow(/cannot change/);
    } finally {
      await shell.close();
      for (const dir of [cwd, outside, state]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
