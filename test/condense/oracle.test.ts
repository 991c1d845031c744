import { describe, expect, it } from 'vitest';
import { oracleView } from '../../bench/condense-oracle.js';
import { estimateTokens } from '../../src/condense/tokens.js';
import { loadFixtures } from './fixtures.js';
import type { Fixture } from './fixtures.js';

const fixture = (stderr: string, mustKeep: string[]): Fixture => ({
  name: 'made',
  command: 'make',
  exitCode: 2,
  kind: 'build',
  mustKeep,
  captured: 'pipes',
  stdout: '',
  stderr,
});

// The bench's oracle row (bench/condense-oracle.ts): the ceiling any condenser keeping every must-keep text can reach.
describe('the oracle view', () => {
  it('is exactly the must-keep texts and one exact marker per gap, with the detail call on the first', () => {
    const chatter = Array.from({ length: 30 }, (_, i) => `gcc -O2 -c src/unit_${i}.c -o build/unit_${i}.o`);
    const stderr = [
      ...chatter.slice(0, 20),
      "src/parser.c:34:26: error: expected ';' before 'return'",
      ...chatter.slice(20),
      'make: *** [Makefile:12: all] Error 2',
    ].join('\n');
    const view = oracleView(fixture(stderr, ["error: expected ';' before 'return'", 'make: *** [Makefile:12: all] Error 2']));
    expect(view).toBe(
      [
        '',
        '[… lines 1–20 omitted (20); detail("r_bench", { selector: "stderr", fromLine: 1, toLine: 20 })]',
        "error: expected ';' before 'return'",
        '[… lines 22–31 omitted (10)]',
        'make: *** [Makefile:12: all] Error 2',
      ].join('\n'),
    );
  });

  it('keeps every must-keep text of every own fixture, and is never bigger than the output', () => {
    for (const f of loadFixtures()) {
      const view = oracleView(f);
      for (const line of f.mustKeep) expect(view, `${f.name}: ${line}`).toContain(line);
      expect(estimateTokens(view)).toBeLessThanOrEqual(estimateTokens(`${f.stdout}\n${f.stderr}`) + 1);
    }
  });
});
