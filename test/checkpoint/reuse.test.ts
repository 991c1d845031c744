import { describe, expect, it } from 'vitest';
import { decimalLess } from '../../src/checkpoint/reuse.js';

describe('decimalLess', () => {
  it.each([
    ['999999999', '1000000000', true],
    ['1000000000', '999999999', false],
    ['1700000000000000001', '1700000000000000002', true],
    ['1700000000000000002', '1700000000000000002', false],
    ['1700000000000000003', '1700000000000000002', false],
    ['-5', '3', true],
    ['-5', '-40', false],
    ['0', '-1', false],
  ])('orders %s before %s: %s', (a, b, expected) => {
    expect(decimalLess(a, b)).toBe(expected);
    expect(decimalLess(a, b)).toBe(BigInt(a) < BigInt(b));
  });
});
