import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { estimateTokens } from '../../src/condense/tokens.js';
import { expectExactView } from '../helpers/view-check.js';

// Pooled reduction is the big outputs' (bench: "where the views spend"): a long log's view spends its budget on its
// failures and their markers, not on the lines around them, and stays within the budget when the failures fit in it.
describe('the view of a big output', () => {
  it('spends most of its tokens on the failures of a 15 000-line build, and stays within the budget', () => {
    const errors = Array.from(
      { length: 5 },
      (_, k) => `src/mod_${k}/io.c:${40 + k}:7: error: ‘buf${k}’ undeclared (first use in this function)`,
    );
    const lines: string[] = [];
    for (let i = 0; i < 15_000; i++) {
      lines.push(`cc -O2 -Wall -c src/mod_${i % 97}/part_${i}.c -o build/part_${i}.o`);
      if (i % 3300 === 1000) lines.push(errors[Math.floor(i / 3300)] as string);
    }
    lines.push('make: *** [Makefile:40: all] Error 1', '');
    const stderr = lines.join('\n');
    const result = condense({ command: 'make -k', stdout: '', stderr, exitCode: 2 }, { recordId: 'r_big', budgetTokens: 2000 });
    for (const error of errors) expect(result.stderr).toContain(error);
    expect(result.tokensAfter).toBeLessThanOrEqual(2000);
    expect(result.tokensBefore / result.tokensAfter).toBeGreaterThan(100);
    const failureTokens = [...errors, 'make: *** [Makefile:40: all] Error 1'].reduce(
      (sum, line) => sum + estimateTokens(line) + 1,
      0,
    );
    const around = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('cc '))
      .reduce((sum, line) => sum + estimateTokens(line) + 1, 0);
    expect(around).toBeLessThanOrEqual(200);
    expect(failureTokens).toBeGreaterThan(result.tokensAfter * 0.2);
    expectExactView(normalizeLines(stderr), result.stderr, result.stderrOmitted, { endsWithNewline: false });
  });
});
