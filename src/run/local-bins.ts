import { statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** `node_modules/.bin` of `cwd` and of each parent that has one, nearest first (tinyexec's `preferLocal`). */
export function localBinDirs(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    const bin = join(dir, 'node_modules', '.bin');
    if (statSync(bin, { throwIfNoEntry: false })?.isDirectory()) dirs.push(bin);
    if (dirname(dir) === dir) return dirs;
  }
}

/** The env with those folders ahead of its `PATH` (whatever the variable's case, as on Windows). */
export function withLocalBins(env: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  const dirs = localBinDirs(cwd);
  if (dirs.length === 0) return env;
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
  const rest = env[key];
  return { ...env, [key]: [...dirs, ...(rest ? [rest] : [])].join(delimiter) };
}
