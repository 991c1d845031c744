import { TershError } from '../errors.js';
import { findInPath, systemProbe, type ShellProbe } from '../process/find-in-path.js';

/** Which interpreter ran a command; `direct` means no shell at all. */
export type ShellKind = 'direct' | 'bash' | 'sh' | 'powershell' | 'cmd';

/** A resolved shell: how to run a command string through it. */
export interface ResolvedShell {
  kind: Exclude<ShellKind, 'direct'>;
  file: string;
  argsFor(command: string): string[];
}

const posixShell = (kind: 'bash' | 'sh', file: string): ResolvedShell => ({ kind, file, argsFor: (command) => ['-c', command] });

function resolveWindows(probe: ShellProbe): ResolvedShell {
  const programFiles = [probe.env.ProgramFiles, probe.env['ProgramFiles(x86)'], probe.env.ProgramW6432, 'C:\\Program Files'];
  const gitBash = programFiles
    .filter((dir): dir is string => Boolean(dir))
    .flatMap((dir) => [`${dir}\\Git\\bin\\bash.exe`, `${dir}\\Git\\usr\\bin\\bash.exe`])
    .find((path) => probe.isExecutable(path));
  if (gitBash) return posixShell('bash', gitBash);
  const powershell = findInPath('pwsh.exe', probe) ?? findInPath('powershell.exe', probe);
  if (powershell) {
    return { kind: 'powershell', file: powershell, argsFor: (command) => ['-NoProfile', '-NonInteractive', '-Command', command] };
  }
  const cmd = probe.env.ComSpec ?? probe.env.COMSPEC ?? 'C:\\Windows\\System32\\cmd.exe';
  return { kind: 'cmd', file: cmd, argsFor: (command) => ['/d', '/s', '/c', `"${command}"`] };
}

/**
 * bash, else sh on POSIX; Git Bash → PowerShell → cmd on Windows. The user's $SHELL is never
 * consulted, so zsh (whose startup files an agent cannot see) is never picked.
 */
export function resolveShell(probe: ShellProbe = systemProbe(), preferred?: Exclude<ShellKind, 'direct'>): ResolvedShell {
  if (probe.platform === 'win32') {
    const resolved = resolveWindows(probe);
    if (preferred && preferred !== resolved.kind) {
      throw new TershError('SHELL_UNAVAILABLE', `The ${preferred} shell was asked for, but this machine resolves to ${resolved.kind}`);
    }
    return resolved;
  }
  if (preferred === 'powershell' || preferred === 'cmd') {
    throw new TershError('SHELL_UNAVAILABLE', `The ${preferred} shell exists only on Windows`);
  }
  const bash = preferred === 'sh' ? undefined : (findInPath('bash', probe) ?? (probe.isExecutable('/bin/bash') ? '/bin/bash' : undefined));
  if (bash) return posixShell('bash', bash);
  if (preferred === 'bash') throw new TershError('SHELL_UNAVAILABLE', 'bash was asked for but is not installed (install the bash package)');
  const sh = findInPath('sh', probe) ?? (probe.isExecutable('/bin/sh') ? '/bin/sh' : undefined);
  if (sh) return posixShell('sh', sh);
  throw new TershError('SHELL_UNAVAILABLE', 'Neither bash nor sh was found on PATH or in /bin');
}
