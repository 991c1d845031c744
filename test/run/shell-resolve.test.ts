import { describe, expect, it } from 'vitest';
import type { ShellProbe } from '../../src/process/find-in-path.js';
import { resolveShell } from '../../src/run/shell-resolve.js';
import { isTershError } from '../../src/errors.js';

const probe = (platform: NodeJS.Platform, files: string[], env: NodeJS.ProcessEnv = {}): ShellProbe => ({
  platform,
  env,
  isExecutable: (path) => files.includes(path),
});

describe('resolveShell', () => {
  it('prefers Git Bash on Windows', () => {
    const shell = resolveShell(
      probe(
        'win32',
        ['C:\\Program Files\\Git\\bin\\bash.exe', 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'],
        {
          ProgramFiles: 'C:\\Program Files',
          PATH: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0',
        },
      ),
    );
    expect(shell.kind).toBe('bash');
    expect(shell.file).toBe('C:\\Program Files\\Git\\bin\\bash.exe');
    expect(shell.argsFor('ls | wc -l')).toEqual(['-c', 'ls | wc -l']);
  });

  it('falls back to PowerShell, non-interactive and without a profile, when Git Bash is missing', () => {
    const shell = resolveShell(
      probe('win32', ['C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'], {
        PATH: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0;C:\\Windows',
      }),
    );
    expect(shell.kind).toBe('powershell');
    expect(shell.argsFor('Get-ChildItem')).toEqual(['-NoProfile', '-NonInteractive', '-Command', 'Get-ChildItem']);
  });

  it('prefers pwsh over Windows PowerShell when both are on PATH', () => {
    const shell = resolveShell(probe('win32', ['C:\\pwsh\\pwsh.exe', 'C:\\ps\\powershell.exe'], { PATH: 'C:\\ps;C:\\pwsh' }));
    expect(shell.file).toBe('C:\\pwsh\\pwsh.exe');
  });

  it('falls back to cmd from ComSpec when there is neither', () => {
    const shell = resolveShell(probe('win32', [], { ComSpec: 'D:\\Win\\cmd.exe', PATH: '' }));
    expect(shell.kind).toBe('cmd');
    expect(shell.file).toBe('D:\\Win\\cmd.exe');
    expect(shell.argsFor('dir')).toEqual(['/d', '/s', '/c', '"dir"']);
  });

  it('picks bash, else sh, on POSIX and never zsh even when SHELL says so', () => {
    const env = { PATH: '/usr/bin:/bin', SHELL: '/bin/zsh' };
    expect(resolveShell(probe('linux', ['/usr/bin/bash', '/bin/sh', '/bin/zsh'], env)).file).toBe('/usr/bin/bash');
    expect(resolveShell(probe('darwin', ['/bin/sh', '/bin/zsh'], env))).toMatchObject({ kind: 'sh', file: '/bin/sh' });
  });

  it('refuses a Windows shell on POSIX with a typed error', () => {
    try {
      resolveShell(probe('linux', ['/bin/bash'], { PATH: '/bin' }), 'powershell');
      expect.unreachable();
    } catch (error) {
      expect(isTershError(error) && error.code).toBe('SHELL_UNAVAILABLE');
    }
  });
});
