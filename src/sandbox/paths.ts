import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import fastGlob from 'fast-glob';

export function expandHome(path: string, home = homedir()): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return path;
}

/** realpath, or for a path that does not exist yet, realpath of its nearest existing ancestor plus the rest. */
export async function canonicalPath(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    if (parent === absolute) return absolute;
    return join(await canonicalPath(parent), basename(absolute));
  }
}

// macOS symlinks these top-level folders into /private; realpath already resolves them there,
// this also covers paths that do not exist yet (and lets the profile be generated off macOS).
const darwinPrivate = ['/tmp', '/var', '/etc'];

export function darwinCanonical(path: string): string {
  for (const top of darwinPrivate) {
    if (path === top || path.startsWith(`${top}/`)) return `/private${path}`;
  }
  return path;
}

export async function pathExists(path: string): Promise<boolean> {
  try {
    await realpath(path);
    return true;
  } catch {
    return false;
  }
}

/** Absolute entries (after `~`) are taken as they are; relative ones are globs matched inside `cwd`. */
export async function resolveProtectedPaths(entries: readonly string[], cwd: string): Promise<string[]> {
  const found = new Set<string>();
  const patterns: string[] = [];
  for (const entry of entries) {
    const expanded = expandHome(entry);
    if (isAbsolute(expanded)) {
      if (await pathExists(expanded)) found.add(await canonicalPath(expanded));
    } else {
      patterns.push(expanded, `**/${expanded}`);
    }
  }
  if (patterns.length > 0) {
    const matches = await fastGlob(patterns, {
      cwd,
      dot: true,
      onlyFiles: false,
      followSymbolicLinks: false,
      deep: 4,
      absolute: true,
      ignore: ['**/node_modules/**', '**/.git/**'],
      suppressErrors: true,
    });
    for (const match of matches) found.add(await canonicalPath(match));
  }
  return [...found].sort();
}
