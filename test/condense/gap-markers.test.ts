import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { gapMarker, LATER_GAP_MARKER_TOKENS } from '../../src/condense/markers.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { expectExactView } from '../helpers/view-check.js';

const context = { recordId: 'r_ab12', stream: 'stdout' as const };

describe('gap markers', () => {
  it('say which lines and how many, the first with the detail call that fetches them, in as few tokens as that takes', () => {
    expect(gapMarker(context, 41, 160, true)).toBe(
      '[… lines 41–160 omitted (120); detail("r_ab12", { selector: "stdout", fromLine: 41, toLine: 160 })]',
    );
    expect(gapMarker(context, 41, 160, false)).toBe('[… lines 41–160 omitted (120)]');
    expect(gapMarker(context, 7, 7, false)).toBe('[… line 7 omitted (1)]');
    // measured with the real tokenizer: 8–13 tokens (two more with " …" before the bracket, as before)
    for (const [from, to] of [
      [41, 160],
      [1200, 9800],
      [7, 7],
    ] as const)
      expect(encode(gapMarker(context, from, to, false)).length).toBeLessThanOrEqual(LATER_GAP_MARKER_TOKENS + 2);
  });

  it('stand for a gap after the first whenever its lines cost more than the short marker, not only more than the first one', () => {
    const gap = ['resolved 14 packages from the lockfile in 0.8 seconds', 'linked 14 packages into the workspace tree'];
    const chatter = (count: number, from: number): string[] =>
      Array.from({ length: count }, (_, i) => `cc -O2 -c src/unit_${from + i}.c -o build/unit_${from + i}.o`);
    const stdout = [
      ...chatter(1500, 0),
      'src/a.c:3:1: error: unknown type name ‘sizet’',
      ...gap,
      'src/b.c:9:5: error: expected ‘;’ before ‘}’ token',
      ...chatter(1500, 1500),
      'build failed: 2 errors',
      '',
    ].join('\n');
    const result = condense({ command: 'cc-build', stdout, exitCode: 1 }, { recordId: 'r_gap' });
    // the two lines cost more than a later marker (11 tokens), less than the first marker with its call (30)
    expect(encode(gap.join('\n')).length).toBeGreaterThan(LATER_GAP_MARKER_TOKENS);
    expect(encode(gap.join('\n')).length).toBeLessThan(30);
    expect(result.stdout).toContain('‘sizet’\n[… lines 1502–1503 omitted (2)]\nsrc/b.c:9:5');
    expectExactView(normalizeLines(stdout), result.stdout, result.stdoutOmitted, { endsWithNewline: false });
  });
});
