import { describe, expect, it } from 'vitest';
import { classify, makeTesters } from '../../src/condense/classify.js';
import { findFolds } from '../../src/condense/fold.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { matchFor } from '../../src/condense/shape.js';
import { loadFixtures } from './fixtures.js';

describe('matchFor, the regex a fold marker offers', () => {
  it.each([
    ['warning: unused variable: `unused_12`', 'warning:.*unused.*variable:.*`unused_'],
    ['127.0.0.1 - - [30/Nov/2026 00:32:52] "GET /p2.html HTTP/1.1" 200 -', '"GET'],
    ['src/a.ts(3,4): error TS2322: Type', 'error.*TS.*Type'],
    ['42  17', '^\\s*\\S+\\s+\\S+'],
  ])('is short: %s → %s', (line, expected) => {
    expect(matchFor(line)).toBe(expected);
  });

  it('matches every line of its fold on every real output (it may match more, never fewer)', () => {
    let groups = 0;
    for (const fixture of loadFixtures()) {
      for (const text of [fixture.stdout, fixture.stderr]) {
        const lines = normalizeLines(text);
        const { roles } = classify(lines, makeTesters(undefined));
        for (const group of findFolds(lines, roles)) {
          const pattern = new RegExp(matchFor(lines[group.exemplar] as string));
          groups++;
          for (const member of group.members)
            expect(pattern.test(lines[member] as string), `${fixture.name} line ${member + 1}: ${pattern}`).toBe(true);
        }
      }
    }
    expect(groups).toBeGreaterThan(100);
  });
});
