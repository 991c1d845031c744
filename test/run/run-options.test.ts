import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeRunOptions } from '../../src/run/run-options.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('the cwd of a run on this host', () => {
  it('takes a directory, or a symlink to one, and refuses a file, a missing path and a dangling symlink', () => {
    const root = tempDir();
    const dir = join(root, 'dir');
    mkdirSync(dir);
    writeFileSync(join(root, 'file'), '');
    symlinkSync(dir, join(root, 'to-dir'));
    symlinkSync(join(root, 'file'), join(root, 'to-file'));
    symlinkSync(join(root, 'missing'), join(root, 'dangling'));
    expect(normalizeRunOptions({ cwd: dir }).cwd).toBe(dir);
    expect(normalizeRunOptions({ cwd: `${dir}/` }).cwd).toBe(dir);
    expect(normalizeRunOptions({ cwd: join(root, 'to-dir') }).cwd).toBe(join(root, 'to-dir'));
    expect(normalizeRunOptions({ cwd: '/' }).cwd).toBe('/');
    for (const name of ['file', 'to-file', 'dangling', 'missing'])
      expect(() => normalizeRunOptions({ cwd: join(root, name) })).toThrow('Expected `cwd` to be an existing directory');
  });

  it('throws what stat throws for a path it cannot look up (a file on the way, a name too long), as before', () => {
    const root = tempDir();
    writeFileSync(join(root, 'file'), '');
    expect(() => normalizeRunOptions({ cwd: join(root, 'file', 'below') })).toThrow(/^ENOTDIR/);
    expect(() => normalizeRunOptions({ cwd: join(root, 'x'.repeat(5000)) })).toThrow(/^ENAMETOOLONG/);
  });
});
