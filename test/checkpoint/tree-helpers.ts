import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Fingerprint {
  type: string;
  mode: number;
  mtimeUs: bigint;
  hash?: string;
  target?: string;
}

/** An independent picture of a tree (not the module's own scanner): type, mode, mtime to the µs, content hash, link target. */
export function fingerprint(root: string, skip: (path: string) => boolean = () => false): Map<string, Fingerprint> {
  const out = new Map<string, Fingerprint>();
  const visit = (relative: string): void => {
    const absolute = relative === '.' ? root : join(root, relative);
    const stats = lstatSync(absolute, { bigint: true });
    const type = stats.isFile()
      ? 'file'
      : stats.isDirectory()
        ? 'dir'
        : stats.isSymbolicLink()
          ? 'symlink'
          : stats.isFIFO()
            ? 'fifo'
            : 'other';
    const print: Fingerprint = { type, mode: Number(stats.mode & 0o7777n), mtimeUs: stats.mtimeNs / 1000n };
    if (type === 'file') print.hash = createHash('sha256').update(readFileSync(absolute)).digest('hex');
    if (type === 'symlink') {
      print.target = readlinkSync(absolute);
      print.mode = 0;
    }
    out.set(relative, print);
    if (type === 'dir') {
      for (const name of readdirSync(absolute).sort()) {
        const child = relative === '.' ? name : `${relative}/${name}`;
        if (!skip(child)) visit(child);
      }
    }
  };
  visit('.');
  return out;
}

export function tempDir(prefix: string): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), `tersh-${prefix}-`));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}
