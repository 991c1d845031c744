import { describe, expect, it } from 'vitest';
import { countNewlines } from '../../src/run/count-newlines.js';
import { NewlineCounter } from '../../src/run/newline-counter.js';

const slow = (bytes: Uint8Array): number => bytes.reduce((sum, byte) => sum + (byte === 10 ? 1 : 0), 0);

describe('countNewlines', () => {
  const cases: Array<[string, Buffer]> = [
    ['empty', Buffer.alloc(0)],
    ['one newline', Buffer.from('\n')],
    ['2-byte lines', Buffer.from('y\n'.repeat(5000))],
    ['80-byte lines', Buffer.from(`${'x'.repeat(79)}\n`.repeat(500))],
    ['newlines only', Buffer.alloc(4099, 10)],
    [
      'bytes 0-255 around 10 (0x0a, 0x8a, 0x0b, 0x09)',
      Buffer.from(Array.from({ length: 8192 }, (_, i) => [10, 0x8a, 11, 9, 0, 255][i % 6]!)),
    ],
    ['random bytes', Buffer.from(Array.from({ length: 65_537 }, () => Math.floor(Math.random() * 256)))],
  ];
  for (const [name, bytes] of cases) {
    it(`counts exactly by either method, at every alignment: ${name}`, () => {
      for (let offset = 0; offset < 4 && offset <= bytes.length; offset += 1) {
        const view = bytes.subarray(offset);
        expect(countNewlines(view, false).count).toBe(slow(view));
        expect(countNewlines(view, true).count).toBe(slow(view));
      }
    });
  }

  it('calls dense output dense and sparse output sparse', () => {
    expect(countNewlines(Buffer.from('y\n'.repeat(100)), false).dense).toBe(true);
    expect(countNewlines(Buffer.from(`${'x'.repeat(79)}\n`.repeat(100)), true).dense).toBe(false);
  });
});

describe('NewlineCounter', () => {
  /** A counter past its first MiB, counting with WebAssembly SIMD. */
  async function simdCounter(): Promise<NewlineCounter> {
    const counter = new NewlineCounter();
    counter.count(Buffer.alloc(1024 * 1024 + 1));
    await counter.ready;
    expect(counter.method).toBe('simd');
    return counter;
  }

  it('counts in JavaScript until the stream passes 1 MiB, then with SIMD', async () => {
    const counter = new NewlineCounter();
    expect(counter.count(Buffer.from('a\nb\n'))).toBe(2);
    expect(counter.ready).toBeUndefined();
    expect(counter.method).toBe('js');
    await simdCounter();
  });

  it('counts exactly with SIMD at every alignment and length, past 64 KiB pieces and around byte 10', async () => {
    const counter = await simdCounter();
    const random = Buffer.from(
      Array.from({ length: 200_003 }, () => [10, 10, 0x8a, 11, 9, 0, 255, 97][Math.floor(Math.random() * 8)]!),
    );
    for (const [name, bytes] of [
      ['random bytes around 10', random],
      ['2-byte lines', Buffer.from('y\n'.repeat(70_000))],
      ['newlines only', Buffer.alloc(65_600, 10)],
    ] as const) {
      for (let offset = 0; offset < 17; offset += 1) {
        for (const length of [0, 1, 15, 16, 17, 255, 256, 257, 4099, 65_536, 65_537, 131_089]) {
          const view = bytes.subarray(offset, offset + length);
          expect(counter.count(view), `${name}, offset ${offset}, length ${view.length}`).toBe(slow(view));
        }
      }
    }
  });
});
