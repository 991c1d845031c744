import { describe, expect, it } from 'vitest';
import { FAILURE_OVERFLOW } from '../../src/condense/failure-room.js';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');
const findings = (count: number): string =>
  lines(count, (i) => `pkg/mod${i % 7}.py:${i + 1}:0: C0116: Missing function or method docstring (missing-function-docstring)`);

describe("a checker's score and totals are kept however long its findings run", () => {
  it.each([
    ['a score out of ten', 'Your code has been rated at 7.23/10 (previous run: 7.31/10, -0.08)'],
    ['problems with errors and warnings', '1323 problems (92 errors, 1231 warnings)'],
    ['errors in files', 'Found 14 errors in 3 files (checked 40 source files)'],
    ["a compiler's count", '3 warnings and 2 errors generated.'],
    ['files and offenses', '61 files inspected, 212 offenses detected, 90 offenses autocorrectable'],
  ])('keeps %s', (_, total) => {
    const stdout = `${findings(300)}\n${total}\n${lines(80, (i) => `  hint ${i}: run the checker with --help to see how to tune it`)}`;
    const result = condense({ command: 'check-code src', stdout, exitCode: 1 });
    expect(result.stdout).toContain(total);
    expect(result.tokensAfter).toBeLessThanOrEqual(2000 * FAILURE_OVERFLOW);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 2);
  });
});
