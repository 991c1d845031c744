import { TershError } from '../errors.js';
import { findInPath, systemProbe, type ShellProbe } from '../process/find-in-path.js';
import type { ShellKind } from '../result/run-result.js';

export type { ShellKind };

/** A resolved shell: how to run a command string through it. */
export interface ResolvedShell {
  kind: Exclude<ShellKind, 'direct'>;
  file: string;
  argsFor(command: string): string[];
}

const posixShell = (kind: 'bash' | 'sh', file: string): ResolvedShell => ({ kind, file, argsFor: (command) => ['-c', command] });

const powershellArgs = (command: string): string[] => ['-NoProfile', '-NonInteractive', '-Command', command];

/** Git for Windows' bash: in Program Files, as `bash.exe` on PATH (not WSL's in System32), or beside `git.exe` on PATH. */
function findGitBash(probe: ShellProbe): string | undefined {
  const programFiles = [probe.env.ProgramFiles, probe.env['ProgramFiles(x86)'], probe.env.ProgramW6432, 'C:\\Program Files'];
  const installed = programFiles
    .filter((dir): dir is string => Boolean(dir))
    .flatMap((dir) => [`${dir}\\Git\\bin\\bash.exe`, `${dir}\\Git\\usr\\bin\\bash.exe`])
    .find((path) => probe.isExecutable(path));
  if (installed) return installed;
  const onPath = findInPath('bash.exe', probe);
  if (onPath && !/\\(System32|SysWOW64|WindowsApps)\\/i.test(onPath)) return onPath;
  const git = findInPath('git.exe', probe);
  const root = git?.replace(/\\(cmd|bin|mingw64\\bin)\\git\.exe$/i, '');
  const besideGit = root && root !== git ? `${root}\\bin\\bash.exe` : undefined;
  return besideGit && probe.isExecutable(besideGit) ? besideGit : undefined;
}

/** PowerShell: `pwsh` on POSIX (seed 002); on Windows PowerShell 7 when installed, else Windows PowerShell. */
function findPowerShell(probe: ShellProbe): ResolvedShell | undefined {
  const file =
    probe.platform === 'win32'
      ? (findInPath('pwsh.exe', probe) ?? findInPath('powershell.exe', probe))
      : findInPath('pwsh', probe);
  return file ? { kind: 'powershell', file, argsFor: powershellArgs } : undefined;
}

function windowsCmd(probe: ShellProbe): ResolvedShell {
  const cmd = probe.env.ComSpec ?? probe.env.COMSPEC ?? 'C:\\Windows\\System32\\cmd.exe';
  return { kind: 'cmd', file: cmd, argsFor: (command) => ['/d', '/s', '/c', `"${command}"`] };
}

function resolveWindows(probe: ShellProbe, preferred: Exclude<ShellKind, 'direct'> | undefined): ResolvedShell {
  if (preferred === 'powershell') {
    return findPowerShell(probe) ?? unavailable('PowerShell was asked for, but neither powershell.exe nor pwsh.exe is on PATH');
  }
  if (preferred === 'cmd') return windowsCmd(probe);
  const gitBash = findGitBash(probe);
  if (gitBash) return posixShell('bash', gitBash);
  if (preferred === 'bash' || preferred === 'sh')
    return unavailable(`${preferred} was asked for, but Git Bash was found neither in Program Files nor on PATH`);
  return findPowerShell(probe) ?? windowsCmd(probe);
}

function unavailable(message: string): never {
  throw new TershError('SHELL_UNAVAILABLE', message);
}

/**
 * bash, else sh on POSIX; Git Bash → PowerShell → cmd on Windows; `preferred` picks one (PowerShell is `pwsh` on
 * PATH outside Windows). The user's $SHELL is never
 * consulted, so zsh (whose startup files an agent cannot see) is never picked.
 */
export function resolveShell(probe: ShellProbe = systemProbe(), preferred?: Exclude<ShellKind, 'direct'>): ResolvedShell {
  if (probe.platform === 'win32') return resolveWindows(probe, preferred);
  if (preferred === 'powershell')
    return findPowerShell(probe) ?? unavailable('PowerShell was asked for, but `pwsh` is not on PATH (install PowerShell 7)');
  if (preferred === 'cmd') unavailable('The cmd shell exists only on Windows');
  const bash =
    preferred === 'sh' ? undefined : (findInPath('bash', probe) ?? (probe.isExecutable('/bin/bash') ? '/bin/bash' : undefined));
  if (bash) return posixShell('bash', bash);
  if (preferred === 'bash')
    throw new TershError('SHELL_UNAVAILABLE', 'bash was asked for but is not installed (install the bash package)');
  const sh = findInPath('sh', probe) ?? (probe.isExecutable('/bin/sh') ? '/bin/sh' : undefined);
  if (sh) return posixShell('sh', sh);
  throw new TershError('SHELL_UNAVAILABLE', 'Neither bash nor sh was found on PATH or in /bin');
}
