import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { invalid } from '../validate.js';

/** Folders the search tools skip unless `include_ignored` is set. */
export const DEFAULT_SEARCH_IGNORES: readonly string[] = ['node_modules', '.git'];

/** The absolute folder or file a search starts at, which must exist. */
export async function searchRoot(cwd: string, path: string | undefined): Promise<{ root: string; isFile: boolean }> {
  const root = resolve(cwd, path ?? '.');
  const info = await stat(root).catch(() => undefined);
  if (!info) throw invalid('path', 'an existing file or folder', path ?? root);
  return { root, isFile: info.isFile() };
}

/** A found path as the model should see it: relative to the shell's cwd when inside it, else absolute. */
export function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  if (rel === '') return '.';
  if (rel.startsWith('..') || isAbsolute(rel)) return absolute;
  return sep === '/' ? rel : rel.split(sep).join('/');
}
