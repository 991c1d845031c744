import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import { createShell } from '../../src/shell/index.js';
import { createRecordStore } from '../../src/store/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('a command as an argument array', () => {
  it('runs as it is, with no quoting by the caller and never through a shell', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const message = `it's "quoted" $HOME; rm -rf / \`whoami\``;
    const result = await run(['printf', '%s\\n', message], { store });
    expect(result).toMatchObject({ exit: 0, shellKind: 'direct', stdout: `${message}\n` });
    const meta = JSON.parse(await store.detail(result.id, { selector: 'meta' }));
    expect(meta.command).toBe(`printf '%s\\n' 'it'\\''s "quoted" $HOME; rm -rf / \`whoami\`'`);
  });

  it('is planned and screened like the same command written out', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run(['rm', '-rf', join(tempDir(), 'x')], { store, policy: { deny: ['rm -rf'] } });
    expect(result.blocked).toBe(true);
  });

  it('works through the shell facade', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    try {
      expect(await shell.run(['echo', 'a b'])).toMatchObject({ exit: 0, stdout: 'a b\n' });
    } finally {
      await shell.close();
    }
  });

  it.each([
    [[], /`command`/],
    [['echo', 3], /`command\[1\]`/],
    [['', 'x'], /`command\[0\]`/],
    [['echo', 'a\0b'], /NUL/],
  ])('rejects %j with a TypeError naming the element', async (argv, message) => {
    await expect(run(argv as string[])).rejects.toThrow(message);
  });

  it('refuses a shell option with an array', async () => {
    await expect(run(['echo', 'x'], { shell: 'bash' })).rejects.toThrow(/never through a shell/);
  });
});
