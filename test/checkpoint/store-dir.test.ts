import { mkdirSync, statSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultStoreDir, ensurePrivateDir } from '../../src/checkpoint/store-dir.js';
import { isTershError } from '../../src/errors.js';
import { tempDir } from './tree-helpers.js';

let work: ReturnType<typeof tempDir>;
beforeEach(() => {
  work = tempDir('ckpt-dir');
});
afterEach(() => work.cleanup());

describe('the store folder', () => {
  it.each([
    ['XDG_STATE_HOME when set', { XDG_STATE_HOME: '/state' }, '/state/tersh/checkpoints'],
    ['~/.local/state otherwise', {}, join(homedir(), '.local/state/tersh/checkpoints')],
  ])('defaults to %s', (_name, env, expected) => {
    if (homedir() === '/' && !('XDG_STATE_HOME' in env)) expected = join(tmpdir(), `tersh-${process.getuid?.()}`, 'checkpoints');
    expect(defaultStoreDir(env)).toBe(expected);
  });

  it('is created with mode 0700, and a loose existing one is tightened', async () => {
    const loose = join(work.path, 'loose');
    mkdirSync(loose, { mode: 0o755 });
    await ensurePrivateDir(loose);
    expect(statSync(loose).mode & 0o777).toBe(0o700);
  });

  it('refuses a symlink planted where the store should be', async () => {
    const real = join(work.path, 'elsewhere');
    mkdirSync(real);
    symlinkSync(real, join(work.path, 'planted'));
    const error = await ensurePrivateDir(join(work.path, 'planted')).catch((e: unknown) => e);
    expect(isTershError(error) && error.code).toBe('STORE_IO');
  });
});
