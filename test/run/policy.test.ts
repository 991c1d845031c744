import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPolicy, createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

describe('run() with a plan and a policy', () => {
  it("attaches the plan's warning and still runs when there is no policy", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'build'));
    const result = await run('rm -rf build', { store: store(), cwd: dir });
    expect(result.exit).toBe(0);
    expect(result.warning).toMatch(/remove/);
    expect(existsSync(join(dir, 'build'))).toBe(false);
  });

  it("attaches the plan's warning to every run of a command run again, and blocks it once a policy denies it", async () => {
    const dir = tempDir();
    for (let i = 0; i < 2; i++) {
      mkdirSync(join(dir, 'build'));
      const result = await run('rm -rf build', { store: store(), cwd: dir });
      expect(result.warning).toMatch(/remove/);
      expect(existsSync(join(dir, 'build'))).toBe(false);
    }
    mkdirSync(join(dir, 'build'));
    const denied = await run('rm -rf build', { store: store(), cwd: dir, policy: { deny: ['rm -rf'] } });
    expect(denied.blocked).toBe(true);
    expect(existsSync(join(dir, 'build'))).toBe(true);
  });

  it('refuses a denied command without running it, even behind sudo and a path', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'keep.txt'), 'precious');
    const policy = createPolicy({ deny: ['rm -rf'] });
    const result = await run('true && sudo /bin/rm -rf keep.txt', { store: store(), cwd: dir, policy });
    expect(result).toMatchObject({ blocked: true, ok: false, exit: null });
    expect(result.message).toMatch(/^\[BLOCKED\] Not run \(rule `rm -rf`\)/);
    expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
  });

  it('accepts policy options as plain JSON', async () => {
    const result = await run('git push --force origin main', { store: store(), policy: { deny: ['rule:git.'] } });
    expect(result.blocked).toBe(true);
  });

  it('only advises in warn mode', async () => {
    const dir = tempDir();
    const result = await run('touch made.txt', { store: store(), cwd: dir, policy: { allow: ['ls'], mode: 'warn' } });
    expect(result.blocked).toBeUndefined();
    expect(result.advice).toMatch(/not on the allow list/);
    expect(existsSync(join(dir, 'made.txt'))).toBe(true);
  });

  it('rejects malformed policy options with a TypeError naming the field', async () => {
    await expect(run('true', { store: store(), policy: { deny: 'rm' } as never })).rejects.toThrow(/deny/);
    await expect(run('true', { store: store(), policy: 'strict' as never })).rejects.toThrow(/`policy`/);
  });
});
