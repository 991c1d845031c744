import { describe, expect, it } from 'vitest';
import { FAILURE_OVERFLOW } from '../../src/condense/failure-room.js';

/** About what one marker's place list costs at most (place-list.ts: 4 000 characters). */
const PLACE_LIST_TOKENS = 1400;
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe('a linter flood keeps each rare finding, not only the first of each shape', () => {
  it("shows every finding of a rare kind before the flood's other places, and an error code before style codes", () => {
    const style = (from: number): string =>
      lines(
        300,
        (i) =>
          `pkg/mod${(from + i) % 9}.py:${from + i + 1}:0: C0116: Missing function or method docstring (missing-function-docstring)`,
      );
    const redefined = lines(
      4,
      (i) => `pkg/test_api.py:${446 + 4 * i}:0: E0102: class already defined line ${12 + i} (function-redefined)`,
    );
    const stdout = `************* Module pkg\n${style(0)}${redefined}${style(300)}\nYour code has been rated at 4.10/10\n`;
    const result = condense({ command: 'lint-python pkg', stdout, exitCode: 2 });
    for (let i = 0; i < 4; i++) expect(result.stdout).toContain(`pkg/test_api.py:${446 + 4 * i}:0: E0102: class already defined`);
    // the flood's places grow the view's lines up to its ceiling, no further, and its marker lists the rest
    expect(result.tokensAfter).toBeLessThanOrEqual(2000 * FAILURE_OVERFLOW + PLACE_LIST_TOKENS);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 3);
  });
});
