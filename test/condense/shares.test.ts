import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { estimateTokens } from '../../src/condense/tokens.js';
import { expectExactView } from '../helpers/view-check.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
/** Ordinary lines, each of its own shape (no run of look-alikes): what surrounds a failure in a long log. */
const chatter = (count: number, tag: string): string[] =>
  Array.from(
    { length: count },
    (_, i) => `${tag} ${WORDS[i % 12]} ${WORDS[(i * 7) % 12]} ${'step '.repeat(i % 4)}${WORDS[(i * 5) % 11]} done`,
  );

/** Tokens the view spends on the lines given (markers and other lines excluded). */
const spentOn = (view: string, lines: readonly string[]): number => {
  const wanted = new Set(lines);
  return view
    .split('\n')
    .filter((line) => wanted.has(line))
    .reduce((sum, line) => sum + estimateTokens(line) + 1, 0);
};

// The shares of the budget beyond what is always shown (src/condense/shares.ts), measured on the outsider captures:
// halving them (10% to 5%) gained 0.3 points of mean reduction on the tune half and lost 2 must-keep lines of the
// frozen half; at 0 the own fixtures lost 2 lines too. A tenth of the budget, no more, goes around the failures.
describe('what a view spends beyond its must-keep kinds of line', () => {
  it('spends at most 10% of the budget on the lines around the failures of a long log', () => {
    const around = [...chatter(1500, 'before'), ...chatter(1500, 'after')];
    const stderr = [
      ...around.slice(0, 1500),
      'src/net.c:88:3: error: unknown type name ‘sockaddr_in6’',
      ...around.slice(1500),
      '',
    ].join('\n');
    const result = condense({ command: 'make', stdout: '', stderr, exitCode: 2 }, { recordId: 'r_fill' });
    expect(result.stderr).toContain('src/net.c:88:3: error: unknown type name ‘sockaddr_in6’');
    const spent = spentOn(result.stderr, around);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(2000 * 0.1);
    expectExactView(normalizeLines(stderr), result.stderr, result.stderrOmitted, { endsWithNewline: false });
  });

  it('spends at most 10% of the budget on the sample lines of a data output its overview counts', () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `./src/${WORDS[i % 12]}/${WORDS[(i * 7) % 12]}-${i}.ts`);
    const stdout = `${lines.join('\n')}\n`;
    const result = condense({ command: 'find . -name "*.ts"', stdout, exitCode: 0 }, { recordId: 'r_find' });
    expect(result.stdout).toContain('[overview:');
    expect(spentOn(result.stdout, lines)).toBeLessThanOrEqual(2000 * 0.1);
  });
});
