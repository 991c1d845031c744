import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';

const KB = 1024;
const SMALL_FS_BYTES = 2048 * KB;
const mounted: string[] = [];
afterEach(() => {
  for (const dir of mounted.splice(0)) {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** True when `path` lies on a filesystem no larger than the test's tmpfs: nothing here ever fills a real disk. */
function onSmallFilesystem(path: string): boolean {
  const fs = statfsSync(path);
  return fs.blocks * fs.bsize <= SMALL_FS_BYTES;
}

/** Mounts a real 2 MiB tmpfs at a fresh folder of its own, unmounted and removed after the test. */
function mountSmallFilesystem(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-small-fs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
  mounted.push(dir);
  if (!onSmallFilesystem(dir)) throw new Error(`${dir} is not the small tmpfs just mounted`);
  return dir;
}

/** Why no tmpfs can be mounted here, or undefined when one can. */
function whyNoMount(): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir]);
    return undefined;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cannotMount = whyNoMount();

/** Sizes of the records' meta.json files. */
function metaSizes(dir: string): number[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith('r'))
    .flatMap((id) => {
      const size = statSync(join(dir, id, 'meta.json'), { throwIfNoEntry: false })?.size;
      return size === undefined ? [] : [size];
    });
}

/** Appends to `path` until its (small, checked) filesystem refuses another byte. */
function fillUp(path: string, root: string): void {
  if (!onSmallFilesystem(root)) throw new Error(`refusing to fill ${root}: it is not the small test filesystem`);
  const fd = openSync(path, 'a');
  try {
    for (const size of [64 * KB, 4 * KB, 1]) {
      try {
        for (;;) writeSync(fd, Buffer.alloc(size));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(cannotMount !== undefined)(
  `a full disk under the store${cannotMount ? ` (skipped: ${cannotMount})` : ''}`,
  () => {
    it('resolves a run whose output does not fit, saying how much is missing, and later runs keep working', async () => {
      const dir = join(mountSmallFilesystem(), 'records');
      const store = createRecordStore({ dir });
      const result = await run('head -c 3145728 /dev/zero | tr "\\0" y', { store });
      expect(result.exit).toBe(0);
      expect(result.recordError).toMatch(/ENOSPC/);
      expect(result.recordMissingBytes).toBeGreaterThan(1024 * KB);
      expect(result.recordMissingBytes).toBeLessThanOrEqual(3 * 1024 * KB);
      expect(metaSizes(dir).every((size) => size > 0)).toBe(true);

      const later = await run('echo after the full disk', { store });
      expect(later.recordError).toBeUndefined();
      expect(await store.detail(later.id)).toBe('after the full disk\n');
    });

    it('resolves every run while the disk is full, never leaving an empty meta.json, and records again once there is room', async () => {
      const root = mountSmallFilesystem();
      const dir = join(root, 'records');
      const store = createRecordStore({ dir });
      const filler = join(root, 'filler');
      fillUp(filler, root);
      for (let n = 0; n < 5; n += 1) {
        const result = await run(`echo run ${n}`, { store });
        expect(result.exit).toBe(0);
        expect(result.stdout).toContain(`run ${n}`);
        expect(result.recordError).toMatch(/ENOSPC/);
      }
      // A silent run returns before its meta is written: reading its id says the disk refused it.
      const silent = await run('true', { store });
      expect(silent.exit).toBe(0);
      await expect(store.meta(silent.id)).rejects.toThrow(/could not be written \(ENOSPC/);
      expect(metaSizes(dir).every((size) => size > 0)).toBe(true);
      rmSync(filler);
      const after = await run('echo room again', { store });
      expect(after.recordError).toBeUndefined();
      expect(await store.detail(after.id)).toBe('room again\n');
    });

    it('frees what its caps allow when the disk fills, so the run that hit the limit keeps its record', async () => {
      const dir = join(mountSmallFilesystem(), 'records');
      // Written by a store without caps, so no sweep between them can make room before the capped one fills the disk.
      const uncapped = createRecordStore({ dir });
      const first = await run('head -c 921600 /dev/zero | tr "\\0" a', { store: uncapped });
      const second = await run('head -c 921600 /dev/zero | tr "\\0" b', { store: uncapped });
      expect(second.recordError).toBeUndefined();
      const store = createRecordStore({ dir, maxBytes: 1024 * KB });
      const third = await run('head -c 716800 /dev/zero | tr "\\0" c', { store });
      expect(third.exit).toBe(0);
      expect(third.recordError).toMatch(/ENOSPC/);
      expect(third.recordMissingBytes).toBeGreaterThan(0);
      expect(third.recordMissingBytes).toBeLessThan(716800);
      expect(await store.read(first.id, 'stdout')).toEqual({ expired: true });
      const meta = await store.meta(third.id);
      expect(meta.state).toBe('complete');
      expect(meta.stdoutBytes).toBe(716800 - third.recordMissingBytes!);
    });
  },
);
