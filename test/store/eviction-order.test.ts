import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordIndex } from '../../src/store/eviction.js';
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
});
