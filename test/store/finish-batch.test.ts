import { describe, expect, it } from 'vitest';
import { FinishBatch } from '../../src/store/finish-batch.js';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('FinishBatch', () => {
  it('starts its finishes together: after 10 ms, at the 16th, or when flushed; each promise settles as its finish', async () => {
    const batch = new FinishBatch();
    const started: number[] = [];
    const add = (n: number): Promise<number> =>
      batch.add(async () => {
        started.push(n);
        if (n === 2) throw new Error('two');
        return n;
      });
    const first = Promise.allSettled([add(1), add(2), add(3)]);
    await tick(2);
    expect(started).toEqual([]);
    await tick(20);
    expect(started).toEqual([1, 2, 3]);
    const [one, two] = await first;
    expect(one).toEqual({ status: 'fulfilled', value: 1 });
    expect(two).toMatchObject({ status: 'rejected', reason: { message: 'two' } });

    const full = Array.from({ length: 16 }, (_, n) => add(10 + n));
    expect(started).toHaveLength(3 + 16); // the 16th started the batch at once
    await Promise.all(full);

    const flushed = add(99);
    batch.flush();
    expect(started.at(-1)).toBe(99);
    expect(await flushed).toBe(99);
  });
});
