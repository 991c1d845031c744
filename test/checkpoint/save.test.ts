import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpointStore, DEFAULT_CHECKPOINT_EXCLUDES, type CheckpointStore } from '../../src/checkpoint/index.js';
import { isTershError } from '../../src/errors.js';
import { tempDir } from './tree-helpers.js';

let work: ReturnType<typeof tempDir>;
let store: CheckpointStore;
let origin: string;
let storeDir: string;

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return isTershError(error) ? error.code : `not a TershError: ${String(error)}`;
}

beforeEach(() => {
  work = tempDir('ckpt-save');
  storeDir = join(work.path, 'store');
  store = createCheckpointStore({ dir: storeDir });
  origin = join(work.path, 'project');
  mkdirSync(join(origin, 'src'), { recursive: true });
  writeFileSync(join(origin, 'src/a.txt'), 'alpha');
  writeFileSync(join(origin, 'src/b.txt'), 'beta');
});

afterEach(() => work.cleanup());

describe('save', () => {
  it('lists a saved checkpoint with its counts, in a store folder of mode 0700', async () => {
    const info = await store.save('first', origin);
    expect(info).toMatchObject({ label: 'first', entries: 4, bytes: 9, copiedBytes: 9 });
    expect((await store.list(origin)).map((i) => i.label)).toEqual(['first']);
    expect((await store.list()).map((i) => i.label)).toEqual(['first']);
    expect(statSync(storeDir).mode & 0o777).toBe(0o700);
  });

  it('reads a checkpoint saved with the old `durationMs` as `ms`, and reports `ms` only', async () => {
    const saved = await store.save('old', origin);
    const [infoPath] = findInfoFiles(storeDir);
    const { ms, ...rest } = JSON.parse(readFileSync(infoPath!, 'utf8')) as { ms: number };
    writeFileSync(infoPath!, JSON.stringify({ ...rest, durationMs: ms + 7 }));
    const [listed] = await store.list(origin);
    expect(listed!.ms).toBe(saved.ms + 7);
    expect(listed).not.toHaveProperty('durationMs');
    expect(saved).not.toHaveProperty('durationMs');
  });

  it('refuses a second checkpoint with the same label for the same origin, but not for another origin', async () => {
    await store.save('same', origin);
    expect(await codeOf(store.save('same', origin))).toBe('CHECKPOINT_EXISTS');
    const other = join(work.path, 'other');
    mkdirSync(other);
    await expect(store.save('same', other)).resolves.toMatchObject({ label: 'same' });
    expect((await store.list(origin)).length).toBe(1);
  });

  it.each([
    ['an empty label', ''],
    ['a slash', 'a/b'],
    ['a backslash', 'a\\b'],
    ['dot dot', '..'],
    ['dot dot inside', 'x..y'],
    ['a single dot', '.'],
    ['a newline', 'a\nb'],
    ['a NUL', 'a\u0000b'],
    ['surrounding spaces', ' a '],
    ['101 characters', 'x'.repeat(101)],
    ['a number', 42],
  ])('rejects %s as a TypeError naming the label', async (_name, label) => {
    await expect(store.save(label as string, origin)).rejects.toThrow(TypeError);
    await expect(store.save(label as string, origin)).rejects.toThrow(/Expected `label`/);
  });

  it('accepts labels of 100 printable characters, with spaces, colons and non-ASCII letters', async () => {
    for (const label of ['x'.repeat(100), 'before refactor: step 2', 'étape-ü-日本']) {
      await expect(store.save(label, origin)).resolves.toMatchObject({ label });
    }
    expect((await store.list(origin)).map((i) => i.label).sort()).toHaveLength(3);
  });

  it('rejects unknown and ill-typed options naming the field', async () => {
    await expect(store.save('x', origin, { maxBytes: -1 })).rejects.toThrow(/`maxBytes`/);
    await expect(store.save('x', origin, { exclude: 'node_modules' as unknown as string[] })).rejects.toThrow(/`exclude`/);
    await expect(store.save('x', origin, { colour: 1 } as never)).rejects.toThrow(/Unknown option `colour`/);
    await expect(store.restore('x', {} as never)).rejects.toThrow(/`origin`/);
    expect(() => createCheckpointStore({ dir: 3 } as never)).toThrow(/`dir`/);
  });

  it('fails with CHECKPOINT_ORIGIN_INVALID for a missing folder', async () => {
    expect(await codeOf(store.save('x', join(work.path, 'missing')))).toBe('CHECKPOINT_ORIGIN_INVALID');
  });

  it('leaves node_modules out by default and keeps it when the excludes are replaced', async () => {
    expect(DEFAULT_CHECKPOINT_EXCLUDES).toContain('**/node_modules/**');
    mkdirSync(join(origin, 'node_modules/pkg'), { recursive: true });
    mkdirSync(join(origin, 'src/node_modules'), { recursive: true });
    writeFileSync(join(origin, 'node_modules/pkg/index.js'), 'x');
    writeFileSync(join(origin, 'debug.log'), 'log');
    await store.save('default', origin);
    const paths = (await store.manifest('default', { origin })).map((e) => e.path);
    expect(paths.filter((p) => p.includes('node_modules'))).toEqual([]);
    await store.save('logs-out', origin, { exclude: ['*.log'] });
    const kept = (await store.manifest('logs-out', { origin })).map((e) => e.path);
    expect(kept).toEqual(expect.arrayContaining(['node_modules/pkg/index.js', 'src/node_modules']));
    expect(kept).not.toContain('debug.log');
  });

  it('leaves excluded paths alone on restore', async () => {
    writeFileSync(join(origin, 'build.log'), 'one');
    await store.save('x', origin, { exclude: ['*.log'] });
    writeFileSync(join(origin, 'build.log'), 'two');
    writeFileSync(join(origin, 'later.log'), 'new');
    const report = await store.restore('x', { origin });
    expect(report.deleted).toEqual([]);
    expect(readdirSync(origin).sort()).toEqual(['build.log', 'later.log', 'src']);
  });

  it('stops with CHECKPOINT_TOO_LARGE before copying anything', async () => {
    writeFileSync(join(origin, 'big.bin'), Buffer.alloc(10_000));
    expect(await codeOf(store.save('big', origin, { maxBytes: 5_000 }))).toBe('CHECKPOINT_TOO_LARGE');
    expect(await codeOf(store.save('many', origin, { maxFiles: 2 }))).toBe('CHECKPOINT_TOO_LARGE');
    expect(await store.list(origin)).toEqual([]);
    const leftovers = readdirSync(storeDir).flatMap((o) => readdirSync(join(storeDir, o, 'staging')));
    expect(leftovers).toEqual([]);
  });

  it('shares the stored copies of files unchanged since the previous checkpoint and copies only the changed ones', async () => {
    const files = Array.from({ length: 20 }, (_, i) => `src/f${i}.txt`);
    for (const file of files) writeFileSync(join(origin, file), `content of ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await store.save('one', origin);
    const objects = join(storeDir, readdirSync(storeDir)[0] as string, 'objects');
    expect(readdirSync(objects)).toHaveLength(22);
    writeFileSync(join(origin, 'src/f3.txt'), 'changed content');
    const second = await store.save('two', origin);
    expect(second.copiedBytes).toBe('changed content'.length);
    expect(readdirSync(objects)).toHaveLength(23);
    const idOf = async (label: string, path: string) =>
      (await store.manifest(label, { origin })).find((e) => e.path === path)?.contentId;
    expect(await idOf('two', 'src/f5.txt')).toBe(await idOf('one', 'src/f5.txt'));
    expect(await idOf('two', 'src/f3.txt')).not.toBe(await idOf('one', 'src/f3.txt'));
    await store.drop('one', { origin });
    expect(readdirSync(objects)).toHaveLength(22);
  });

  it('reads a file again when it changed right after the previous save, even with the same size and mtime', async () => {
    await store.save('one', origin);
    const { mtime } = statSync(join(origin, 'src/a.txt'));
    writeFileSync(join(origin, 'src/a.txt'), 'ALPHA');
    utimesSync(join(origin, 'src/a.txt'), mtime, mtime);
    await store.save('two', origin);
    const idOf = async (label: string) =>
      (await store.manifest(label, { origin })).find((e) => e.path === 'src/a.txt')?.contentId;
    expect(await idOf('two')).not.toBe(await idOf('one'));
    expect((await store.diff('one', { origin })).changed).toEqual(['src/a.txt']);
  });

  it('leaves the store out when it lives inside the origin', async () => {
    const inner = createCheckpointStore({ dir: join(origin, '.checkpoints') });
    await inner.save('x', origin);
    const paths = (await inner.manifest('x', { origin })).map((e) => e.path);
    expect(paths.some((p) => p.startsWith('.checkpoints'))).toBe(false);
    expect(await codeOf(inner.save('y', join(origin, '.checkpoints')))).toBe('CHECKPOINT_ORIGIN_INVALID');
  });
});

describe('drop and diff', () => {
  it('serialises concurrent saves and drops of one origin without losing a stored copy', async () => {
    await store.save('base', origin);
    await Promise.all([
      store.save('a', origin),
      store.drop('base', { origin }),
      store.save('b', origin),
      store.save('c', origin),
    ]);
    expect((await store.list(origin)).map((i) => i.label).sort()).toEqual(['a', 'b', 'c']);
    writeFileSync(join(origin, 'src/b.txt'), 'changed');
    await store.restore('b', { origin });
    expect(readFileSync(join(origin, 'src/b.txt'), 'utf8')).toBe('beta');
  });

  it('drops a checkpoint, and answers false for one that is not there', async () => {
    await store.save('x', origin);
    expect(await store.drop('x', { origin })).toBe(true);
    expect(await store.drop('x', { origin })).toBe(false);
    expect(await store.list(origin)).toEqual([]);
  });

  it('keeps a later checkpoint whole when the one whose copies it shares is dropped', async () => {
    await store.save('one', origin);
    await store.save('two', origin);
    await store.drop('one', { origin });
    writeFileSync(join(origin, 'src/a.txt'), 'gone');
    await store.restore('two', { origin });
    expect(readFileSync(join(origin, 'src/a.txt'), 'utf8')).toBe('alpha');
  });

  it('reports differences without changing anything', async () => {
    await store.save('x', origin);
    writeFileSync(join(origin, 'src/a.txt'), 'ALPHA');
    writeFileSync(join(origin, 'src/c.txt'), 'new');
    rmSync(join(origin, 'src/b.txt'));
    const diff = await store.diff('x', { origin });
    expect(diff).toMatchObject({ changed: ['src/a.txt'], created: ['src/c.txt'], deleted: ['src/b.txt'] });
    expect(diff.metadata).toContain('src');
    expect(readdirSync(join(origin, 'src')).sort()).toEqual(['a.txt', 'c.txt']);
    expect((await store.list(origin)).length).toBe(1);
  });
});

function findInfoFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('info.json'))
    .map((path) => join(dir, path));
}
