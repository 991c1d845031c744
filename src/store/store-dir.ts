import { mkdirSync, lstatSync, chmodSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { TershError } from '../errors.js';

/** The per-user default folder of tersh's state in the OS temp dir: `$TMPDIR/tersh-<uid>/<name>`. */
export function defaultStateDir(name: string): string {
  const uid = process.getuid?.() ?? userInfo().username;
  return join(tmpdir(), `tersh-${uid}`, name);
}

/** Creates the folder (mode 0700) or checks that an existing one is ours and private. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory())
    throw new TershError('STORE_IO', `${dir} is not a directory (a symlink is refused: another user could point it elsewhere)`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new TershError('STORE_IO', `${dir} belongs to another user (uid ${stat.uid}); refusing to keep records there`);
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}
