import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

const records = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('r'));
const spares = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('.spare-'));
const metaOf = (dir: string, id: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, id, 'meta.json'), 'utf8')) as Record<string, unknown>;

// A full store keeps its evicted silent records' folders to hold the next silent records (an overwrite and a rename
// instead of a new folder and file): what must hold is that a folder named by an id only ever holds that id's meta.
describe('spare folders of a full store', () => {
  it("holds new silent records in evicted ones' folders, each folder with its own id's meta alone", async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir, maxRecords: 40 });
    const ids: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const result = await run(index % 10 === 0 ? 'echo loud' : `exit ${index % 3}`, { store });
      ids.push(result.id);
      expect(await store.meta(result.id)).toMatchObject({ id: result.id, state: 'complete', exit: result.exit });
      for (const id of records(dir)) {
        expect(metaOf(dir, id)).toMatchObject({ id, state: 'complete' });
        if (metaOf(dir, id).stdoutBytes === 0) expect(readdirSync(join(dir, id))).toEqual(['meta.json']);
      }
      expect(records(dir).length).toBeLessThanOrEqual(40);
    }
    // Spares were made and taken: more silent records than the 40 folders the first ones made, and a few kept now.
    expect(spares(dir).length).toBeGreaterThan(0);
    expect(spares(dir).length).toBeLessThanOrEqual(64);
    expect(await store.read(ids[0]!, 'stdout')).toEqual({ expired: true });
    expect(await store.detail(ids.at(-10)!)).toBe('loud\n');
  });

  it('makes the record anew when its spare is gone (another process removed it), and removes spares it does not own', async () => {
    const dir = join(tempDir(), 'records');
    mkdirSync(dir, { recursive: true });
    const leftover = join(dir, '.spare-0123456789ab-1');
    mkdirSync(leftover);
    writeFileSync(join(leftover, 'meta.json'), '{"id":"r-someone-else","state":"complete"}');
    const store = createRecordStore({ dir, maxRecords: 33 });
    let last = '';
    for (let index = 0; index < 34; index += 1) last = (await run('true', { store })).id;
    await store.meta(last); // its record finished, and the sweep after it
    expect(readdirSync(dir)).not.toContain('.spare-0123456789ab-1'); // the first sweep's scan removed it
    const kept = spares(dir);
    // 34 records past a cap of 33 (a slack of 1): two evicted; the second is kept (the first was read from the folder
    // at the first sweep, so its contents are unknown to the store: it is removed).
    expect(kept).toHaveLength(1);
    for (const spare of kept) rmSync(join(dir, spare), { recursive: true });
    const again = await run('true', { store });
    expect(await store.meta(again.id)).toMatchObject({ state: 'complete' });
    expect(metaOf(dir, again.id)).toMatchObject({ id: again.id, state: 'complete', exit: 0 });
    expect(readdirSync(join(dir, again.id))).toEqual(['meta.json']);
  });

  it("never carries a file another process put into an evicted folder into a new record's", async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir, maxRecords: 32 });
    const ids: string[] = [];
    for (let index = 0; index < 32; index += 1) ids.push((await run('true', { store })).id);
    await store.meta(ids.at(-1)!);
    for (const id of ids) writeFileSync(join(dir, id, 'stdout'), 'not this run\n');
    for (let index = 0; index < 40; index += 1) {
      const result = await run('true', { store });
      expect(await store.detail(result.id)).toBe('');
      expect(readdirSync(join(dir, result.id))).toEqual(['meta.json']);
    }
    expect(readdirSync(dir).filter((name) => ids.includes(name))).toEqual([]);
  });

  it('reads a folder whose meta names another record (a reused folder, its new meta lost to a power cut) as incomplete', async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir });
    const [first, second] = [(await run('exit 1', { store })).id, (await run('exit 2', { store })).id];
    await store.meta(second);
    writeFileSync(join(dir, second, 'meta.json'), readFileSync(join(dir, first, 'meta.json')));
    await expect(store.meta(second)).rejects.toMatchObject({ code: 'RECORD_NOT_FOUND' });
    expect(await store.meta(first)).toMatchObject({ id: first, exit: 1 });
  });
});
