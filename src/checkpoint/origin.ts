import { realpath, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { TershError } from '../errors.js';
import type { ExcludeTest } from './excludes.js';
import { ORIGIN_FILE, type OriginLayout } from './layout.js';
import { ensurePrivateDir } from './store-dir.js';

/** The real path of an existing folder, else `CHECKPOINT_ORIGIN_INVALID`. */
export async function realFolder(path: string, field: string): Promise<string> {
  try {
    const real = await realpath(path);
    if (!(await stat(real)).isDirectory()) throw new Error('not a folder');
    return real;
  } catch (error) {
    throw new TershError(
      'CHECKPOINT_ORIGIN_INVALID',
      `\`${field}\` ${path} is not an existing folder: ${(error as Error).message}`,
      {
        cause: error,
        details: { [field]: path },
      },
    );
  }
}

/** For look-ups only: the real path where it still exists, else the absolute path (checkpoints of a deleted folder stay listable and droppable). */
export async function lookupPath(path: string): Promise<string> {
  return realpath(path).catch(() => resolve(path));
}

/**
 * Refuses to checkpoint the store itself or a folder inside it, and leaves the store out
 * when it lives inside the origin (an explicit `dir` may put it there).
 */
export function storeExclusion(realStore: string, realOrigin: string): ExcludeTest {
  const inside = relative(realOrigin, realStore);
  const outside = relative(realStore, realOrigin);
  if (inside === '' || (!outside.startsWith('..') && !isAbsolute(outside))) {
    throw new TershError(
      'CHECKPOINT_ORIGIN_INVALID',
      `Cannot checkpoint ${realOrigin}: it holds or is inside the checkpoint store ${realStore}.`,
      {
        details: { origin: realOrigin, dir: realStore },
      },
    );
  }
  if (inside.startsWith('..') || isAbsolute(inside)) return () => false;
  const storePath = inside.split(/[\\/]/).join('/');
  return (path) => path === storePath;
}

export async function recordOrigin(layout: OriginLayout): Promise<void> {
  await ensurePrivateDir(layout.root);
  await writeFile(join(layout.root, ORIGIN_FILE), `${JSON.stringify({ origin: layout.origin })}\n`, { mode: 0o600 });
}
