import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { RecordIndex } from '../../src/store/eviction.js';
import { newRecordId } from '../../src/store/ids.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('eviction order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('evicts the record used least recently even when uses fall in the same millisecond', async () => {
    const dir = join(tempDir(), 'records');
    mkdirSync(dir);
    const index = new RecordIndex(dir, { maxRecords: 2, maxBytes: 1e9, ttlMs: 3_600_000 });
    await index.sweep(new Set());
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    index.noteFinished('r1', 2);
    index.noteFinished('r2', 2);
    index.noteUsed('r1');
    index.noteFinished('r3', 2);
    expect(await index.sweep(new Set(), now)).toEqual(['r2']);
  });

  it('keeps the records it noted while it read the folder again (they counted for nothing until the next rescan)', async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir });
    const onDisk = (await run('true', { store })).id;
    await store.meta(onDisk);
    const index = new RecordIndex(dir, { maxRecords: 1, maxBytes: 1e9, ttlMs: 3_600_000 });
    const first = index.sweep(new Set()); // reads the folder: one record
    const [noted, newest] = [newRecordId(), newRecordId(Date.now() + 1)];
    index.noteFinished(noted, 0, true);
    index.noteFinished(newest, 0, true);
    // Three records against a cap of one: the two older go, the newest stays (it lost the two noted before).
    expect((await first).sort()).toEqual([onDisk, noted].sort());
    expect(index.exceedsCaps()).toBe(false);
  });
});
