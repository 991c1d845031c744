import { describe, expect, it } from 'vitest';
import { combine, combineLoosely, isAnchored } from '../../src/condense/patterns.js';
import { failureSignals } from '../../src/condense/signals.js';
import { loadFixtures } from './fixtures.js';

describe('isAnchored', () => {
  it.each([
    ['^foo', true],
    ['^(?:a|b)c', true],
    ['^[|]x', true],
    ['^a\\|b', true],
    ['^a|b', false],
    ['foo', false],
    ['(?:^a)|b', false],
  ])('%s → %s', (source, anchored) => {
    expect(isAnchored(source)).toBe(anchored);
  });
});

describe('combine', () => {
  it('matches a line exactly when one of its patterns does, guarded ones only where guard and pattern both match', () => {
    const tester = combine([/^ok /, /fail/i, { guard: /\berror\b/, pattern: /:\d+:/ }]);
    expect(tester.test('ok done')).toBe(true);
    expect(tester.test('it FAILED')).toBe(true);
    expect(tester.test('a.c:12: error: x')).toBe(true);
    expect(tester.test('error without a place')).toBe(false);
    expect(tester.test('a.c:12: note')).toBe(false);
    expect(tester.test(' ok not at start')).toBe(false);
  });

  it('tests the same as one pattern at a time, on every line of the real outputs', () => {
    const tester = combine(failureSignals);
    const loose = combineLoosely(failureSignals);
    let matched = 0;
    for (const fixture of loadFixtures()) {
      for (const line of `${fixture.stdout}\n${fixture.stderr}`.split('\n')) {
        const expected = failureSignals.some((item) => (item instanceof RegExp ? item.test(line) : item.guard.test(line) && item.pattern.test(line)));
        expect(tester.test(line), line).toBe(expected);
        if (expected) {
          matched++;
          expect(loose.test(line), line).toBe(true);
        }
      }
    }
    expect(matched).toBeGreaterThan(500);
  });
});
