import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';

const MB = 1024 * 1024;
// Big enough that a stream's writes go past the page cache (from 8 MiB on) well before the disk is full.
const IMAGE_BYTES = 40 * MB;
const mounted: string[] = [];
afterEach(() => {
  for (const dir of mounted.splice(0)) {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Mounts a fresh 40 MiB ext4 image (a loop device: direct writes reach a real block device) at a folder of its own. */
function mountSmallExt4(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-small-ext4-'));
  const image = join(dir, 'image');
  execFileSync('truncate', ['-s', String(IMAGE_BYTES), image]);
  execFileSync('mkfs.ext4', ['-q', '-F', image], { stdio: 'pipe' });
  const mountPoint = join(dir, 'fs');
  execFileSync('mkdir', [mountPoint]);
  try {
    execFileSync('mount', ['-o', 'loop', image, mountPoint], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  mounted.push(mountPoint);
  const fs = statfsSync(mountPoint);
  if (fs.blocks * fs.bsize > IMAGE_BYTES) throw new Error(`${mountPoint} is not the small file system just mounted`);
  return mountPoint;
}

/** Why no ext4 image can be mounted here, or undefined when one can. */
function whyNoMount(): string | undefined {
  try {
    execFileSync('umount', [mountSmallExt4()]);
    return undefined;
  } catch (error) {
    return `mounting an ext4 image is not permitted here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  } finally {
    mounted.splice(0);
  }
}

const cannotMount = process.platform === 'linux' ? whyNoMount() : 'direct writes are Linux only';

describe.skipIf(cannotMount !== undefined)(
  `a full disk met by a stream written past the page cache${cannotMount ? ` (skipped: ${cannotMount})` : ''}`,
  () => {
    it('resolves the run, saying how much is missing, and keeps exactly the first bytes the command wrote', async () => {
      const dir = join(mountSmallExt4(), 'records');
      const store = createRecordStore({ dir });
      // 69 MB of numbered lines: a byte lost, doubled or moved changes what the record holds.
      const result = await run('seq 1 9000000', { store, condense: 'lossless' });
      expect(result.exit).toBe(0);
      expect(result.stdoutLines).toBe(9_000_000);
      expect(result.recordError).toMatch(/ENOSPC/);
      const meta = await store.meta(result.id);
      expect(meta.state).toBe('complete');
      expect(meta.stdoutBytes).toBeGreaterThan(16 * MB);
      const expected = execFileSync('seq', ['1', '9000000'], { maxBuffer: 128 * MB });
      expect(meta.stdoutBytes! + result.recordMissingBytes!).toBe(expected.length);
      const stored = readFileSync(join(dir, result.id, 'stdout'));
      expect(stored.length).toBe(meta.stdoutBytes);
      expect(stored.equals(expected.subarray(0, stored.length))).toBe(true);

      const later = await run('echo after the full disk', { store });
      expect(later.recordError).toBeUndefined();
    }, 60_000);
  },
);
