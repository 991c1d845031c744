import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { expectExactView } from '../helpers/view-check.js';
import { random } from '../helpers/random.js';

// Each template's lines have a shape of their own, so a fold's look-alikes are the lines of its template.
const ordinary = [
  (i: number) => `gcc -O2 -Wall -c src/module_${i}.c -o build/module_${i}.o`,
  (i: number) => `compiling unit ${i} of the project`,
  (i: number) => `  ✓ case ${i} passes (${i % 9} ms)`,
  (i: number) => `[${i % 60}s] downloaded chunk ${i}`,
  (i: number) => `${i}`,
  () => '',
];
const failures = [
  (i: number) => [`src/mid_${i}.c:12:5: error: expected semicolon`, `   12 |   int x = ${i}`, '      |            ^'],
  (i: number) => [
    `FAIL test/unit_${i}.test.ts > adds`,
    `AssertionError: expected ${i} to be ${i + 1}`,
    `    at test/unit_${i}.test.ts:4:13`,
  ],
  (i: number) => [
    'Traceback (most recent call last):',
    `  File "job_${i}.py", line 3, in <module>`,
    '    main()',
    `ValueError: bad row ${i}`,
  ],
  (i: number) => [`src/warn_${i}.c:7:3: warning: unused variable 'y' [-Wunused-variable]`],
];
const summaries = [(i: number) => `Tests: ${i} passed, 1 failed`];

function generate(next: () => number): { command: string; stdout: string; exitCode: number; budgetTokens: number } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const count = pick([40, 300, 1500, 2600, 4500, 9000]);
  const mix = [pick(ordinary), pick(ordinary), pick(ordinary)];
  const failureRate = pick([0, 0.0005, 0.005, 0.05]);
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const roll = next();
    if (roll < failureRate) out.push(...pick(failures)(i));
    else if (roll < failureRate * 1.2) out.push(pick(summaries)(i));
    else if (roll > 0.9995) out.push(`long line ${i} ${'x'.repeat(600 + Math.floor(next() * 3000))}`);
    else out.push(pick(mix)(i));
  }
  const ends = next() < 0.8 ? '\n' : '';
  return {
    command: pick(['make', 'npm test', 'python job.py', 'seq 1 10', '']),
    stdout: out.join('\n') + ends,
    exitCode: pick([0, 1, 2]),
    budgetTokens: pick([300, 1200, 2000, 2500]),
  };
}

describe('exact views (generated outputs)', () => {
  it('shows every line at its number or inside exactly one gap marker, with exact counts and fold counts', () => {
    let sparseCases = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { command, stdout, exitCode, budgetTokens } = generate(random(seed));
      const result = condense({ command, stdout, exitCode }, { budgetTokens, recordId: `r_${seed}` });
      const whole = normalizeLines(stdout);
      expect(result.stdoutLines, `seed ${seed}`).toBe(whole.length);
      const condensed = result.strategy === 'condensed';
      const facts = expectExactView(whole, result.stdout, condensed ? result.stdoutOmitted : undefined, {
        maxLineChars: condensed ? 400 : Infinity,
        endsWithNewline: !condensed,
      });
      expect(result.omittedLines).toBe(result.stdoutOmitted.reduce((sum, gap) => sum + gap.to - gap.from + 1, 0));
      if (whole.length > 2 * Math.max(1000, budgetTokens)) sparseCases++;
      expect(facts.shown + result.omittedLines, `seed ${seed}`).toBe(whole.length);
    }
    expect(sparseCases).toBeGreaterThan(10);
  });

  it('views 5 000 and 100 000 lines of gcc output without a blank line the stream lacks, and counts folds exactly', () => {
    for (const count of [5000, 100_000]) {
      const lines: string[] = [];
      for (let i = 1; lines.length < count; i++) {
        lines.push(`gcc -O2 -Wall -c src/module_${i}.c -o build/module_${i}.o`);
        if (i % 5 === 0)
          lines.push(
            `src/module_${i}.c: In function 'f${i}':`,
            `src/module_${i}.c:${i % 90}:5: warning: unused variable 'x' [-Wunused-variable]`,
            `   ${i % 90} |     int x;`,
            '      |         ^',
          );
      }
      const stdout = `${lines.join('\n')}\n`;
      const result = condense({ command: 'make', stdout });
      expect(result.stdout.split('\n').filter((line) => line === '')).toEqual([]);
      expectExactView(normalizeLines(stdout), result.stdout, result.stdoutOmitted, { endsWithNewline: false });
      const numbers = Array.from({ length: count }, (_, i) => String(i + 1)).join('\n');
      const seq = condense({ command: 'seq 1 100000', stdout: numbers });
      expectExactView(numbers.split('\n'), seq.stdout, seq.stdoutOmitted, { endsWithNewline: false });
    }
  });
});
