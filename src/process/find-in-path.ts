import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** What program lookup looks at; injectable so the Windows logic is testable anywhere. */
export interface ShellProbe {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  isExecutable(path: string): boolean;
}

export function systemProbe(): ShellProbe {
  return {
    platform: process.platform,
    env: process.env,
    isExecutable(path) {
      // A stat that cannot throw first: most PATH folders lack the program, and exceptions cost more than the lookup.
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat?.isFile()) return false;
      try {
        accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export function findInPath(name: string, probe: ShellProbe): string | undefined {
  const pathValue = probe.env.PATH ?? probe.env.Path ?? '';
  const separator = probe.platform === 'win32' ? ';' : delimiter;
  const join_ = probe.platform === 'win32' ? (a: string, b: string) => `${a.replace(/[\\/]+$/, '')}\\${b}` : join;
  for (const dir of pathValue.split(separator)) {
    if (!dir) continue;
    const candidate = join_(dir, name);
    if (probe.isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** True when `file` would start from `cwd` with `env`'s PATH: a path that is executable, or a name found on PATH. */
export function wouldStart(file: string, cwd: string, env: NodeJS.ProcessEnv): boolean {
  const probe = { ...systemProbe(), env: { PATH: env.PATH ?? '' } };
  if (file.includes('/')) return probe.isExecutable(isAbsolute(file) ? file : resolve(cwd, file));
  return findInPath(file, probe) !== undefined;
}
