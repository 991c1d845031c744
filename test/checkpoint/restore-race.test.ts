import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointStore } from '../../src/checkpoint/index.js';
import { isTershError } from '../../src/errors.js';
import { tempDir } from './tree-helpers.js';

const FILES = 300;
const ROUNDS = 15;

/**
 * A real process flipping `d` between the folder and a symlink to `outside`, as fast as it can, from the moment the
 * restore's undo checkpoint number `undoCount` is published (earlier, the undo save mostly trips over the flips first).
 */
function startFlipper(origin: string, outside: string, store: string, undoCount: number): { stop: () => Promise<void> } {
  const script = `cd "$1" || exit 1
until [ "$(ls -d "$3"/*/checkpoints/undo-* 2>/dev/null | wc -l)" -ge "$4" ]; do :; done
while :; do
  mv -T d d.away 2>/dev/null && ln -sfn "$2" d 2>/dev/null
  rm -f d 2>/dev/null; mv -T d.away d 2>/dev/null
done`;
  const child = spawn('bash', ['-c', script, 'flipper', origin, outside, store, String(undoCount)], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      process.kill(-child.pid!, 'SIGKILL'); // its group: no `mv` of it runs on
      await exited;
      await sleep(20);
    },
  };
}

/** The modified state a restore then puts back: every file of `d` rewritten, new files beside them, a new mode. */
function drifted(origin: string): void {
  rmSync(origin, { recursive: true, force: true });
  mkdirSync(join(origin, 'd'), { recursive: true });
  for (let n = 0; n < FILES; n += 1) writeFileSync(join(origin, 'd', `f${n}`), `changed ${n}\n`.repeat(50));
  for (let n = 0; n < 20; n += 1) writeFileSync(join(origin, 'd', `new-${n}`), 'created since the checkpoint');
  chmodSync(join(origin, 'd'), 0o750);
}

/** Every name, mode and content under `dir`, to compare before and after. */
function snapshotOf(dir: string): string {
  const names = readdirSync(dir).sort();
  return JSON.stringify([
    statSync(dir).mode,
    names.map((name) => [name, statSync(join(dir, name)).mode, readFileSync(join(dir, name), 'utf8')]),
  ]);
}

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

describe('a restore racing a folder swapped for a symlink', () => {
  it(`never writes, deletes or chmods outside the target, over ${ROUNDS} restores against a real flipping process`, async () => {
    const work = tempDir('ckpt-race');
    dirs.push(work);
    const origin = join(work.path, 'project');
    const outside = join(work.path, 'outside');
    mkdirSync(outside);
    for (let n = 0; n < 20; n += 1) writeFileSync(join(outside, `new-${n}`), 'canary: must survive');
    writeFileSync(join(outside, 'f0'), 'canary: must not be overwritten');
    chmodSync(outside, 0o755);
    const before = snapshotOf(outside);

    mkdirSync(join(origin, 'd'), { recursive: true });
    for (let n = 0; n < FILES; n += 1) writeFileSync(join(origin, 'd', `f${n}`), `saved ${n}\n`.repeat(50));
    const store = createCheckpointStore({ dir: join(work.path, 'store') });
    await store.save('base', origin);

    const outcomes = { restored: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      drifted(origin);
      const flipper = startFlipper(origin, outside, store.dir, round + 1);
      try {
        await store.restore('base', { origin });
        outcomes.restored += 1;
      } catch (error) {
        if (!isTershError(error)) throw error;
        outcomes.refused += 1;
      } finally {
        await flipper.stop();
      }
      expect(snapshotOf(outside), `round ${round}`).toBe(before);
    }
    expect(outcomes.restored + outcomes.refused).toBe(ROUNDS);
  }, 180_000);

  it('restores a tree of more folders than it keeps handles open (600 folders, each rewritten)', async () => {
    const work = tempDir('ckpt-many');
    dirs.push(work);
    const origin = join(work.path, 'project');
    for (let n = 0; n < 600; n += 1) {
      mkdirSync(join(origin, `g${n % 6}`, `d${n}`), { recursive: true });
      writeFileSync(join(origin, `g${n % 6}`, `d${n}`, 'file'), `saved ${n}`);
    }
    const store = createCheckpointStore({ dir: join(work.path, 'store') });
    await store.save('base', origin);
    for (let n = 0; n < 600; n += 1) writeFileSync(join(origin, `g${n % 6}`, `d${n}`, 'file'), `changed ${n}`);
    const report = await store.restore('base', { origin });
    expect(report.written.length).toBe(600);
    for (let n = 0; n < 600; n += 1) expect(readFileSync(join(origin, `g${n % 6}`, `d${n}`, 'file'), 'utf8')).toBe(`saved ${n}`);
  });
});
