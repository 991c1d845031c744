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
    const next = (result.stdout ?? '')
      .split('\n')
      .find((_line, i, all) => i > 0 && all[i - 1]!.includes(`–${lastGapEnd} omitted`));
    expect(Number(next)).toBe(lastGapEnd! + 1);
  });
});

describe('fetching what a marker left out', () => {
  it('returns exactly the omitted lines from the detail call the first marker gives, and from every later range', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const script =
      'for i in $(seq 1 3000); do echo "step $i: compiled unit-$i.o with flags -O2 -g in $((i % 50)) ms"; done; echo "warning: slow unit 1500" >&2';
    const result = await run(script, { store });
    const view = result.stdout ?? '';
    const call = /detail\("([^"]+)", \{ selector: "stdout", fromLine: (\d+), toLine: (\d+) \}\)/.exec(view);
    expect(call, view.slice(0, 400)).not.toBeNull();
    const [, id, from, to] = call!;
    expect(id).toBe(result.id);
    const fetched = await store.detail(id!, { fromLine: Number(from), toLine: Number(to) });
    const expected = Array.from({ length: Number(to) - Number(from) + 1 }, (_, k) => {
      const i = Number(from) + k;
      return `${i}: step ${i}: compiled unit-${i}.o with flags -O2 -g in ${i % 50} ms`;
    });
    expect(fetched.split('\n')).toEqual(expected);
    const ranges = [...view.matchAll(/lines (\d+)–(\d+) omitted/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    for (const [first, last] of ranges) {
      const got = (await store.detail(id!, { fromLine: first, toLine: last })).split('\n');
      expect(got[0]).toBe(`${first}: step ${first}: compiled unit-${first}.o with flags -O2 -g in ${first % 50} ms`);
      expect(got).toHaveLength(last - first + 1);
    }
  });
});
