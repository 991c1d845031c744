import { describe, expect, it } from 'vitest';
import { scratchEncoder, withEncodedLines } from '../../src/condense/line-bytes.js';

const decode = (bytes: Uint8Array, written: number): string => new TextDecoder().decode(bytes.subarray(0, written));

describe('scratch encoders', () => {
  it('never overwrite the bytes they lend: a call made while lent gets a buffer of its own', () => {
    const lend = scratchEncoder(16);
    const outer = lend('outer text, é and ✓', (bytes, written) => {
      const inner = lend('inner text that is longer than the outer one', decode);
      return { inner, outer: decode(bytes, written) };
    });
    expect(outer).toEqual({ inner: 'inner text that is longer than the outer one', outer: 'outer text, é and ✓' });
  });

  it('lend the buffer again once the reader has returned, grown for a longer text', () => {
    const lend = scratchEncoder(4);
    const first = lend('abc', (bytes) => bytes);
    const second = lend('abcdefghij', (bytes, written) => ({ bytes, text: decode(bytes, written) }));
    expect(second.text).toBe('abcdefghij');
    expect(lend('xy', (bytes) => bytes)).toBe(second.bytes);
    expect(first).not.toBe(second.bytes);
  });

  it('lend joined lines with the byte offset of each line, multi-byte lines included', () => {
    const lines = ['plain', 'ünïcode ✓', '', 'end'];
    const starts = withEncodedLines(lines, undefined, (encoded) =>
      lines.map((_, i) => decode(encoded!.bytes.subarray(encoded!.starts[i]), encoded!.starts[i + 1]! - encoded!.starts[i]! - 1)),
    );
    expect(starts).toEqual(lines);
  });
});
