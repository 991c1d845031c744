import { createHash } from 'node:crypto';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { TershError } from '../errors.js';
import { ensurePrivateDir as ensureStorePrivateDir } from '../store/store-dir.js';

/** The default store folder: per user, outside any work tree. */
export function defaultStoreDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'tersh', 'checkpoints');
  let home: string;
  try {
    home = homedir();
  } catch {
    home = '';
  }
  if (home && home !== '/') return join(home, '.local', 'state', 'tersh', 'checkpoints');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(tmpdir(), `tersh-${uid}`, 'checkpoints');
}

/** Creates a folder mode 0700 and refuses one that is a symlink or belongs to someone else (the record store's check). */
export async function ensurePrivateDir(dir: string): Promise<void> {
  try {
    ensureStorePrivateDir(dir);
  } catch (error) {
    throw new TershError('STORE_IO', `Cannot use checkpoint store folder ${dir}: ${(error as Error).message}`, {
      cause: error,
      details: { dir },
    });
  }
}

/** Folder name of an origin inside the store: its base name for people, a digest of its real path for uniqueness. */
export function originKey(realOrigin: string): string {
  const name =
    basename(realOrigin)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 40) || 'root';
  return `${name}-${createHash('sha256').update(realOrigin).digest('hex').slice(0, 16)}`;
}
