import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { recordsFinished } from '../../src/store/record-store.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe("a store's tombstones", () => {
  it('cuts the file to its newest half past 20000 lines, and still knows the ids evicted since', async () => {
    const dir = join(tempDir(), 'records');
    mkdirSync(dir, { recursive: true });
    const older = Array.from({ length: 20_000 }, (_, index) => `r${String(index).padStart(21, '0')}`);
    writeFileSync(join(dir, '.evicted'), `${older.join('\n')}\n`);
    const store = createRecordStore({ dir, maxRecords: 1 });
    const first = await run('true', { store });
    await run('true', { store });
    await recordsFinished(store);
    await store.sweep();
    const lines = readFileSync(join(dir, '.evicted'), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(10_000);
    expect(lines.at(-1)).toBe(first.id);
    expect(lines[0]).toBe(older[10_001]);
    await expect(store.meta(first.id)).rejects.toMatchObject({ code: 'RECORD_EXPIRED' });
  });
});
