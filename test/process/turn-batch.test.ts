import { describe, expect, it } from 'vitest';
import { TurnBatch, unbatch, type BatchMessage } from '../../src/process/warm/turn-batch.js';

type Written = { n: number } | BatchMessage<{ n: number }>;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatch: the messages of one loop turn written as one', () => {
  it('writes a turn of messages once, in order, at the end of the turn; a lone message as it is', async () => {
    const written: Written[] = [];
    const batch = new TurnBatch<{ n: number }>((message) => written.push(message));
    batch.add({ n: 1 });
    await Promise.resolve();
    batch.add({ n: 2 });
    batch.add({ n: 3 });
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual([{ op: 'batch', messages: [{ n: 1 }, { n: 2 }, { n: 3 }] }]);
    batch.add({ n: 4 });
    await nextTurn();
    expect(written.slice(1)).toEqual([{ n: 4 }]);
    expect(written.flatMap(unbatch)).toEqual([1, 2, 3, 4].map((n) => ({ n })));
  });

  it('flush() writes what is pending at once, and the end of the turn writes nothing twice', async () => {
    const written: Written[] = [];
    const batch = new TurnBatch<{ n: number }>((message) => written.push(message));
    batch.add({ n: 1 });
    batch.flush();
    expect(written).toEqual([{ n: 1 }]);
    await nextTurn();
    expect(written).toEqual([{ n: 1 }]);
  });
});
