import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('condensed views of outputs past the inline cap', () => {
  it('number omitted lines as the stored stream does, across the cut', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run('seq 1 100000', { store });
    const gaps = [...(result.stdout ?? '').matchAll(/lines (\d+)–(\d+) omitted \((\d+)\)/g)].map((m) => m.slice(1).map(Number));
    expect(gaps.length).toBeGreaterThan(0);
    for (const [from, to, count] of gaps) expect(count).toBe(to! - from! + 1);
    // every line the view shows verbatim is its own stored line number (seq prints n on line n)
    const lastShown = Number((result.stdout ?? '').trimEnd().split('\n').at(-1));
    expect(lastShown).toBe(100000);
    const [, lastGapEnd] = gaps.at(-1)!;
    const next = (result.stdout ?? '').split('\n').find((line, i, all) => i > 0 && all[i - 1]!.includes(`–${lastGapEnd} omitted`));
    expect(Number(next)).toBe(lastGapEnd! + 1);
  });
});
