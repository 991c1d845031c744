import { describe, expect, it } from 'vitest';
import { countNewlines } from '../../src/run/count-newlines.js';

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
