import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe('failed tests whose names differ in a number alone are each a failure', () => {
  it.each([
    ['● suite › ', (n: number) => `  ● stats › sum case ${n}`],
    ['FAIL file > ', (n: number) => ` FAIL  t/stats.test.ts > stats > sum case ${n}`],
    ['--- FAIL: ', (n: number) => `--- FAIL: TestSum/case_${n} (0.00s)`],
  ])('names each of them (%s)', (_, heading) => {
    const failure = (n: number): string =>
      `${heading(n)}\n\n    expect(received).toBe(expected)\n\n    Expected: ${n + 2}\n    Received: ${n + 1}\n\n${lines(12, (i) => `      ${i} | test("sum ok ${i}", () => {});`)}\n`;
    const passing = lines(400, (i) => `  ✓ sum ok ${i} (1 ms)`);
    const stdout = `${passing}${[6, 21, 34, 47].map(failure).join('')}${passing}`;
    const result = condense({ command: 'run-tests', stdout, exitCode: 1 });
    for (const n of [6, 21, 34, 47]) expect(result.stdout).toContain(heading(n));
  });
});
