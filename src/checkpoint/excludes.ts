import { Minimatch } from 'minimatch';

/**
 * Paths a checkpoint leaves out unless `exclude` says otherwise: dependency folders, which are large,
 * rebuilt by a package manager and would soon hit the size guard. Pass `exclude: []` to keep them.
 */
export const DEFAULT_CHECKPOINT_EXCLUDES: readonly string[] = Object.freeze(['**/node_modules/**']);

/** True when a relative path (`/` separators) is excluded; a folder is also tested with a trailing `/`. */
export type ExcludeTest = (path: string, isDir: boolean) => boolean;

export function createExcludeTest(patterns: readonly string[]): ExcludeTest {
  const matchers = patterns.map((pattern) => new Minimatch(pattern, { dot: true, matchBase: true }));
  if (matchers.length === 0) return () => false;
  return (path, isDir) => matchers.some((m) => m.match(path) || (isDir && m.match(`${path}/`)));
}
