import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { matchFor } from '../../src/condense/shape.js';

const CODES = [
  ['SC2086 (info)', 'Double quote to prevent globbing and word splitting.'],
  ['SC3043 (warning)', "In POSIX sh, 'local' is undefined."],
  ['SC2155 (warning)', 'Declare and assign separately to avoid masking return values.'],
];

/** shellcheck's way: a heading naming the place, the code line, an underline as long as the span, the finding. */
function findings(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    const [code, message] = CODES[i % CODES.length] as [string, string];
    const span = 2 + ((i * 7) % 23);
    text += `\nIn script${i % 4}.sh line ${10 + 3 * i}:\n    local value${i}=$(run_step ${i})\n    ^${'-'.repeat(span)}^ ${code}: ${message}\n\n`;
  }
  return text;
}

describe("an underline's length is no part of a failure's message", () => {
  it('folds findings that differ only in their underline, one shown per message, the others named by place', () => {
    const stdout = findings(240);
    const result = condense({ command: 'shellcheck *.sh', stdout, exitCode: 1 }, { recordId: 'r_1' });
    for (const [code, message] of CODES) expect(result.stdout).toContain(`^ ${code}: ${message}`);
    const markers = result.stdout.split('\n').filter((line) => line.includes(' more like the line above'));
    const named = new Set<string>();
    for (const marker of markers)
      for (const entry of (/, at (.+?); match /.exec(marker)?.[1] ?? '').split('; ')) {
        const [, file, first, others] = /^(\S+) line (\d+)(?:, also lines? ([\d,–]+))?$/.exec(entry) ?? [];
        for (const line of [first, ...(others ?? '').split(',')].filter((text) => text !== undefined && text !== ''))
          for (let n = Number(line?.split('–')[0]); n <= Number(line?.split('–').at(-1)); n++) named.add(`${file} line ${n}`);
      }
    // every finding is shown or named: its heading is in the view, or its place in a marker
    for (let i = 0; i < 240; i++) {
      const place = `script${i % 4}.sh line ${10 + 3 * i}`;
      expect(result.stdout.includes(`In ${place}:`) || named.has(place), place).toBe(true);
    }
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 2.5);
  });

  it('offers a match for the fold that finds every underline length', () => {
    const pattern = new RegExp(matchFor(`    ^${'-'.repeat(12)}^ SC2086 (info): Double quote to prevent globbing.`));
    for (const span of [2, 5, 30])
      expect(pattern.test(`  ^${'-'.repeat(span)}^ SC2086 (info): Double quote to prevent globbing.`)).toBe(true);
  });
});
