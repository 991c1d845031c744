import { describe, expect, it } from 'vitest';
import { combine, combineLoosely, topLevelAlternatives } from '../../src/condense/patterns.js';
import type { Guarded } from '../../src/condense/patterns.js';
import { defaultRecognisers } from '../../src/condense/recognisers/index.js';
import { failureBlocks, failureSignals, summaryLines } from '../../src/condense/signals.js';
import { loadFixtures } from './fixtures.js';

describe('topLevelAlternatives', () => {
  it.each([
    ['a|b', ['a', 'b']],
    ['(?:a|b)c', ['(?:a|b)c']],
    ['[|]x|\\|y', ['[|]x', '\\|y']],
    ['^\\s*(?:FAIL|ERR)\\b|x', ['^\\s*(?:FAIL|ERR)\\b', 'x']],
  ])('%s', (source, expected) => {
    expect(topLevelAlternatives(source)).toEqual(expected);
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

  it('tests the same as one pattern at a time, for every built-in list, on every line of the real outputs', () => {
    const lists: (readonly (RegExp | Guarded)[])[] = [failureSignals, summaryLines, failureBlocks.map((b) => b.start)];
    for (const r of defaultRecognisers) {
      lists.push(
        [...(r.signals ?? []), ...failureSignals],
        [...(r.summary ?? []), ...summaryLines],
        r.structure ?? [],
        r.noise ?? [],
        (r.blocks ?? []).map((b) => b.start),
      );
    }
    const lines = loadFixtures().flatMap((fixture) => `${fixture.stdout}\n${fixture.stderr}`.split('\n'));
    let matched = 0;
    for (const list of lists) {
      const tester = combine(list);
      const loose = combineLoosely(list);
      for (const line of lines) {
        const expected = list.some((item) =>
          item instanceof RegExp ? item.test(line) : item.guard.test(line) && item.pattern.test(line),
        );
        if (tester.test(line) !== expected)
          expect.fail(`${list.length} patterns, line ${JSON.stringify(line)}: expected ${expected}`);
        if (expected) {
          matched++;
          if (!loose.test(line)) expect.fail(`the loose tester missed ${JSON.stringify(line)}`);
        }
      }
    }
    expect(matched).toBeGreaterThan(2000);
  });
});
