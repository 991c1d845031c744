import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createShell, type Shell, type ShellOptions } from '../../src/shell/index.js';

export interface ShellFixture {
  shell: Shell;
  /** A real temp folder (symlinks resolved) with a `sub/deeper` tree, the shell's starting cwd. */
  root: string;
}

export function useShell(): (options?: ShellOptions) => ShellFixture {
  const made: Array<{ shell: Shell; dir: string }> = [];
  afterEach(async () => {
    for (const { shell, dir } of made.splice(0)) {
      await shell.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return (options = {}) => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tersh-shell-test-')));
    const root = join(dir, 'work');
    mkdirSync(join(root, 'sub', 'deeper'), { recursive: true });
    const shell = createShell({ cwd: root, storeDir: join(dir, 'records'), checkpointDir: join(dir, 'checkpoints'), ...options });
    made.push({ shell, dir });
    return { shell, root };
  };
}
