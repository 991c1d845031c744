import { chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpointStore, type CheckpointEntry } from '../../src/checkpoint/index.js';
import { tempDir } from './tree-helpers.js';

let work: ReturnType<typeof tempDir>;
let origin: string;
let storeDir: string;

const byPath = (entries: readonly CheckpointEntry[]): Map<string, CheckpointEntry> => new Map(entries.map((e) => [e.path, e]));

function exactTimes(path: string): { mtimeNs: string; ctimeNs: string } {
  const stats = lstatSync(path, { bigint: true });
  return { mtimeNs: stats.mtimeNs.toString(), ctimeNs: stats.ctimeNs.toString() };
}

beforeEach(() => {
  work = tempDir('ckpt-manifest');
  storeDir = join(work.path, 'store');
  origin = join(work.path, 'project');
  mkdirSync(join(origin, 'src/deep'), { recursive: true });
  writeFileSync(join(origin, 'src/a.txt'), 'alpha');
  writeFileSync(join(origin, 'src/deep/b.txt'), 'beta');
  symlinkSync('a.txt', join(origin, 'src/link'));
});

afterEach(() => work.cleanup());

describe('manifests', () => {
  it('records exact nanosecond times in a save that reuses the previous checkpoint, and fresh ones for what changed', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const store = createCheckpointStore({ dir: storeDir });
    await store.save('one', origin);
    utimesSync(join(origin, 'src/a.txt'), new Date(), new Date('2020-01-02T03:04:05Z'));
    chmodSync(join(origin, 'src/deep'), 0o750);
    await store.save('two', origin);
    const two = await store.manifest('two', { origin });
    for (const entry of two)
      expect({ path: entry.path, ...exactTimes(join(origin, entry.path)) }).toEqual({
        path: entry.path,
        mtimeNs: entry.mtimeNs,
        ctimeNs: entry.ctimeNs,
      });
    const one = byPath(await store.manifest('one', { origin }));
    const changed = byPath(two);
    expect(changed.get('src/deep/b.txt')).toEqual(one.get('src/deep/b.txt'));
    expect(changed.get('src/a.txt')?.mtimeNs).toBe('1577934245000000000');
    expect(changed.get('src/deep')?.mode).toBe(0o750);
    expect(changed.get('src/link')?.target).toBe('a.txt');
  });

  it('reads its manifests back in a new process as they were saved, targets and content ids included', async () => {
    const saved = await createCheckpointStore({ dir: storeDir }).save('x', origin);
    const first = await createCheckpointStore({ dir: storeDir }).manifest('x', { origin });
    expect(first).toHaveLength(saved.entries);
    const entries = byPath(first);
    expect(entries.get('src/link')).toMatchObject({ type: 'symlink', target: 'a.txt' });
    expect(entries.get('src/link')).not.toHaveProperty('contentId');
    expect(entries.get('src/a.txt')).toMatchObject({ type: 'file', size: 5, contentId: expect.any(String) });
    expect(entries.get('src/a.txt')).not.toHaveProperty('target');
  });

  it('still reads a manifest written as a list of objects (version 1)', async () => {
    const store = createCheckpointStore({ dir: storeDir });
    await store.save('x', origin);
    const [originFolder] = readdirSync(storeDir);
    const folder = join(storeDir, originFolder as string, 'checkpoints', 'x');
    const entries = await store.manifest('x', { origin });
    writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ version: 1, entries }));
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')).version).toBe(1);
    writeFileSync(join(origin, 'src/a.txt'), 'ALPHA');
    await createCheckpointStore({ dir: storeDir }).restore('x', { origin });
    expect(readFileSync(join(origin, 'src/a.txt'), 'utf8')).toBe('alpha');
    expect(await createCheckpointStore({ dir: storeDir }).manifest('x', { origin })).toEqual(entries);
  });
});
