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
    // the line after a failure and the line before one are shown with it: the two between them are the gap
    const stdout = [
      ...Array.from({ length: 12 }, (_, i) => `booting subsystem number ${i} with its defaults`),
      'src/a.c:3:1: error: unknown type name ‘sizet’',
      'in the unit compiled first',
      ...gap,
      'in the unit compiled second',
      'src/b.c:9:5: error: expected ‘;’ before ‘}’ token',
      'build failed: 2 errors',
      '',
    ].join('\n');
    const result = condense({ command: 'cc-build', stdout, exitCode: 1 }, { recordId: 'r_gap' });
    expect(encode(gap.join('\n')).length).toBeGreaterThan(LATER_GAP_MARKER_TOKENS);
    expect(encode(gap.join('\n')).length).toBeLessThan(30);
    expect(result.stdout).toContain('in the unit compiled first\n[… lines 15–16 omitted (2)]\nin the unit compiled second');
    expectExactView(normalizeLines(stdout), result.stdout, result.stdoutOmitted, { endsWithNewline: false });
  });
});
