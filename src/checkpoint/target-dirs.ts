import { closeSync, constants, existsSync, lstatSync, openSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { TershError } from '../errors.js';

const OPEN_FOLDER = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
/** Handles kept open at most (besides leased ones); a tree with more folders reopens them from their parents. */
const MAX_HANDLES = 512;

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash < 0 ? '.' : relative.slice(0, slash);
}

function baseOf(relative: string): string {
  return relative.slice(relative.lastIndexOf('/') + 1);
}

export function targetChanged(root: string, relative: string, what: string, cause?: unknown): TershError {
  return new TershError(
    'CHECKPOINT_TARGET_CHANGED',
    `Restore stopped: ${join(root, relative)} ${what} while restoring; nothing was written outside ${root}. Restore again once the tree holds still.`,
    {
      details: { origin: root, path: relative },
      ...(cause === undefined ? {} : { cause }),
    },
  );
}

/**
 * The folders of a restore's target, reached only through handles opened one level at a time with `O_NOFOLLOW`,
 * so a folder swapped for a symlink mid-restore is refused instead of followed. Node has no `openat`; on Linux
 * a handle is used through its `/proc/<pid>/fd/<n>` link, which resolves to the folder the handle holds, and each
 * such path is checked (the handle's link names the expected path) right before it is used, and again after each
 * rename, which catches a folder moved away meanwhile. Elsewhere every component is checked with `lstat` before
 * each use: the same refusals, with a window between the check and the use.
 */
export class TargetDirs {
  private readonly handles = new Map<string, number>();
  private readonly leases = new Map<string, number>();
  private readonly viaHandles: boolean;

  constructor(private readonly root: string) {
    this.viaHandles = process.platform === 'linux' && existsSync(`/proc/${process.pid}/fd`);
  }

  /** A path for `relative` whose parent folders are all real folders of the target, checked just now. */
  path(relative: string): string {
    if (relative === '.') return this.folder('.');
    return `${this.folder(parentOf(relative))}/${baseOf(relative)}`;
  }

  /** A path to the folder `relative` itself, refused unless it is a real folder where the target has it. */
  folder(relative: string): string {
    if (!this.viaHandles) return this.checkedPath(relative);
    let handle = this.handles.get(relative);
    if (handle === undefined) {
      const at = relative === '.' ? this.root : `${this.folder(parentOf(relative))}/${baseOf(relative)}`;
      try {
        handle = openSync(at, OPEN_FOLDER);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EACCES') throw error;
        throw targetChanged(this.root, relative, `is no longer a folder (${code})`, error);
      }
      this.handles.set(relative, handle);
      this.trim(relative);
    }
    const path = `/proc/${process.pid}/fd/${handle}`;
    this.confirm(relative, path);
    return path;
  }

  /**
   * `folder(relative)`, kept open until `release`: a path from `folder` or `path` is only good until the next call
   * (which may close handles to stay under the limit), so one used across an `await` must be leased.
   */
  lease(relative: string): { path: string; release: () => void } {
    const path = this.folder(relative);
    this.leases.set(relative, (this.leases.get(relative) ?? 0) + 1);
    return {
      path,
      release: () => {
        const left = (this.leases.get(relative) ?? 1) - 1;
        if (left > 0) this.leases.set(relative, left);
        else this.leases.delete(relative);
      },
    };
  }

  /** A handle on the folder `relative` (checked as `folder` does), or undefined where handles are not used. */
  handle(relative: string): number | undefined {
    if (!this.viaHandles) return undefined;
    this.folder(relative);
    return this.handles.get(relative);
  }

  /** Throws unless the folder `relative` is still where it was (after an operation in it: it was not moved meanwhile). */
  confirmFolder(relative: string): void {
    this.folder(relative);
  }

  /** Forgets the handles of `relative` and everything under it (about to be removed or replaced). */
  forget(relative: string): void {
    for (const [path, handle] of this.handles) {
      if (relative === '.' || path === relative || path.startsWith(`${relative}/`)) {
        closeSync(handle);
        this.handles.delete(path);
      }
    }
  }

  close(): void {
    this.forget('.');
  }

  /** Closes unleased handles once past the limit, keeping the one just opened and the root. */
  private trim(opened: string): void {
    if (this.handles.size <= MAX_HANDLES) return;
    for (const [path, handle] of this.handles) {
      if (path === '.' || path === opened || this.leases.has(path)) continue;
      closeSync(handle);
      this.handles.delete(path);
    }
  }

  private confirm(relative: string, handlePath: string): void {
    const expected = relative === '.' ? this.root : join(this.root, relative);
    let actual: string;
    try {
      actual = readlinkSync(handlePath);
    } catch (error) {
      throw targetChanged(this.root, relative, 'could not be checked', error);
    }
    if (actual !== expected) throw targetChanged(this.root, relative, `was moved (now ${actual})`);
  }

  private checkedPath(relative: string): string {
    let path = this.root;
    for (const name of relative === '.' ? [] : relative.split('/')) {
      path = `${path}/${name}`;
      const stats = lstatSync(path);
      if (!stats.isDirectory()) throw targetChanged(this.root, relative, `is no longer a folder (${path} is not one)`);
    }
    return path;
  }
}

/** What a path changing under a restore makes the file system answer. */
const RACE_CODES = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EEXIST', 'ENOTEMPTY', 'EISDIR', 'EPERM']);

/** A file-system error a concurrent change of the target caused, as the typed refusal; anything else as it is. */
export function asTargetChanged(root: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof TershError || code === undefined || !RACE_CODES.has(code)) return error;
  const path = (error as NodeJS.ErrnoException).path ?? root;
  return targetChanged(root, '.', `changed under it (${code} at ${path})`, error);
}
