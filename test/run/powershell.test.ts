import { chmodSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, createShell, isTershError, run } from '../../src/index.js';
import type { ShellProbe } from '../../src/process/find-in-path.js';
import { resolveShell } from '../../src/run/shell-resolve.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { toolbox } from '../tools/helpers/tools.js';

const tempDir = useTempDirs();
const probe = (platform: NodeJS.Platform, files: string[], env: NodeJS.ProcessEnv = {}): ShellProbe => ({
  platform,
  env,
  isExecutable: (path) => files.includes(path),
});

/** A stand-in `pwsh` on PATH (PowerShell is not installable here): it prints the arguments it was given, one per line. */
function fakePwsh(): { dir: string; path: string } {
  const dir = tempDir('tersh-fake-pwsh-');
  const file = join(dir, 'pwsh');
  writeFileSync(file, '#!/bin/sh\necho "fake-pwsh"\nfor arg in "$@"; do echo "$arg"; done\n');
  chmodSync(file, 0o755);
  return { dir, path: `${dir}${delimiter}${process.env.PATH ?? ''}` };
}

describe('resolving PowerShell', () => {
  it('runs pwsh from PATH outside Windows, with -NoProfile -NonInteractive', () => {
    const shell = resolveShell(probe('linux', ['/opt/pwsh/pwsh', '/bin/bash'], { PATH: '/opt/pwsh:/bin' }), 'powershell');
    expect(shell).toMatchObject({ kind: 'powershell', file: '/opt/pwsh/pwsh' });
    expect(shell.argsFor('Get-Date')).toEqual(['-NoProfile', '-NonInteractive', '-Command', 'Get-Date']);
    expect(
      resolveShell(probe('darwin', ['/usr/local/bin/pwsh', '/bin/bash'], { PATH: '/usr/local/bin:/bin' }), 'powershell').kind,
    ).toBe('powershell');
  });

  it('says clearly when pwsh is not on PATH', () => {
    let error: unknown;
    try {
      resolveShell(probe('linux', ['/bin/bash'], { PATH: '/bin' }), 'powershell');
    } catch (caught) {
      error = caught;
    }
    expect(isTershError(error) && error.code).toBe('SHELL_UNAVAILABLE');
    expect((error as Error).message).toContain('`pwsh` is not on PATH');
  });

  it('gives PowerShell on Windows when asked, even where Git Bash would be the default', () => {
    const files = ['C:\\Program Files\\Git\\bin\\bash.exe', 'C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'];
    const env = { PATH: 'C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0', ProgramFiles: 'C:\\Program Files' };
    expect(resolveShell(probe('win32', files, env)).kind).toBe('bash');
    const shell = resolveShell(probe('win32', files, env), 'powershell');
    expect(shell).toMatchObject({ kind: 'powershell', file: 'C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe' });
    expect(shell.argsFor('Get-Date').slice(0, 2)).toEqual(['-NoProfile', '-NonInteractive']);
    expect(resolveShell(probe('win32', files, env), 'cmd').kind).toBe('cmd');
  });

  it('finds Git Bash on PATH, or beside git.exe, but never WSL’s bash in System32', () => {
    const wsl = probe('win32', ['C:\\Windows\\System32\\bash.exe'], {
      PATH: 'C:\\Windows\\System32',
      ProgramFiles: 'C:\\Nowhere',
    });
    expect(resolveShell(wsl).kind).toBe('cmd');
    const onPath = probe('win32', ['D:\\Tools\\Git\\bin\\bash.exe'], {
      PATH: 'D:\\Tools\\Git\\bin',
      ProgramFiles: 'C:\\Nowhere',
    });
    expect(resolveShell(onPath)).toMatchObject({ kind: 'bash', file: 'D:\\Tools\\Git\\bin\\bash.exe' });
    const besideGit = probe('win32', ['E:\\PortableGit\\cmd\\git.exe', 'E:\\PortableGit\\bin\\bash.exe'], {
      PATH: 'E:\\PortableGit\\cmd',
      ProgramFiles: 'C:\\Nowhere',
    });
    expect(resolveShell(besideGit)).toMatchObject({ kind: 'bash', file: 'E:\\PortableGit\\bin\\bash.exe' });
  });
});

describe("shell: 'powershell' end to end (a fake pwsh on PATH)", () => {
  it('runs the command through pwsh and plans it with the PowerShell rules', async () => {
    const pwsh = fakePwsh();
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run('Remove-Item -Recurse -Force build', { shell: 'powershell', env: { PATH: pwsh.path }, store });
    expect(result).toMatchObject({ exit: 0, shellKind: 'powershell', warning: 'may force-remove files recursively' });
    expect(result.stdout).toBe('fake-pwsh\n-NoProfile\n-NonInteractive\n-Command\nRemove-Item -Recurse -Force build\n');
    const blocked = await run('Stop-Process -Name node', {
      shell: 'powershell',
      env: { PATH: pwsh.path },
      store,
      policy: { deny: ['rule:ps.stop-process'], mode: 'enforce' },
    });
    expect(blocked.blocked).toBe(true);
  });

  it('comes through the tools from a shell whose default is PowerShell', async () => {
    const pwsh = fakePwsh();
    const shell = createShell({
      cwd: tempDir(),
      storeDir: join(tempDir(), 'records'),
      env: { PATH: pwsh.path },
      defaults: { shell: 'powershell' },
    });
    try {
      const call = toolbox(shell);
      const result = await call('sh_run', { command: "Get-ChildItem -Recurse -Filter '*.cs' | Select-Object FullName" });
      expect(result.body).toMatchObject({ exit: 0, shell_kind: 'powershell' });
      expect(result.body.stdout).toContain("Get-ChildItem -Recurse -Filter '*.cs' | Select-Object FullName");
      expect(result.body.warning).toBeUndefined();
    } finally {
      await shell.close();
    }
  });
});
