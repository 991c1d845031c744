// Checks a condensed view against the stream it was made from: every line of the stream is either shown at its
// number or inside exactly one gap marker's range, the counts add up, and every fold marker's count is exact.
import { expect } from 'vitest';
import type { LineRange } from '../../src/condense/index.js';
import { capLine } from '../../src/condense/cut-line.js';
import { shapeOf } from '../../src/condense/shape.js';

const GAP = /^\[… (?:lines (\d+)–(\d+)|line (\d+)) omitted \((\d+)\)/;
const FOLD = /^\[… ×(\d+) (?:more|earlier) like the line above, among (?:lines (\d+)–(\d+)|line (\d+))/;

export interface ViewFacts {
  shown: number;
  gaps: number;
  folds: number;
}

/** `whole` is the stream's lines as the record numbers them (normalised); `view` what condense or run() returned. */
export function expectExactView(
  whole: readonly string[],
  view: string,
  omitted?: readonly LineRange[],
  options: { maxLineChars?: number; exactFolds?: boolean; endsWithNewline?: boolean } = {},
): ViewFacts {
  const maxLineChars = options.maxLineChars ?? 400;
  // a condensed view is its lines joined by "\n", nothing after the last; a whole one ends as the stream did
  const viewLines = view === '' ? [] : (options.endsWithNewline === false ? view : view.replace(/\n$/, '')).split('\n');
  let next = 1;
  const gaps: LineRange[] = [];
  const shownAt = new Set<number>();
  const folds: { exemplar: number; count: number; from: number; to: number }[] = [];
  let lastShown = 0;
  let started = false;
  for (const line of viewLines) {
    const gap = GAP.exec(line);
    const fold = FOLD.exec(line);
    if (gap) {
      const from = Number(gap[1] ?? gap[3]);
      const to = Number(gap[2] ?? gap[3]);
      expect(from, `gap marker "${line}" starts where the view is`).toBe(next);
      expect(Number(gap[4]), `count of "${line}"`).toBe(to - from + 1);
      expect(to).toBeGreaterThanOrEqual(from);
      gaps.push({ from, to });
      next = to + 1;
      started = true;
    } else if (fold) {
      expect(lastShown, `fold marker "${line}" follows a shown line`).toBeGreaterThan(0);
      folds.push({
        exemplar: lastShown,
        count: Number(fold[1]),
        from: Number(fold[2] ?? fold[4]),
        to: Number(fold[3] ?? fold[4]),
      });
    } else if (!started && (line.startsWith('[overview:') || line.startsWith('[… exit code') || line.startsWith('[… killed'))) {
      continue;
    } else {
      started = true;
      expect(next, `view line "${line.slice(0, 80)}" is past the stream's end`).toBeLessThanOrEqual(whole.length);
      expect(line, `view line at stream line ${next}`).toBe(capLine(whole[next - 1] as string, maxLineChars));
      shownAt.add(next);
      lastShown = next;
      next++;
    }
  }
  expect(next - 1, 'the view covers every line of the stream').toBe(whole.length);
  if (omitted !== undefined) expect(omitted).toEqual(gaps);
  for (const fold of folds) {
    expect(fold.count).toBeGreaterThan(0);
    expect(
      shownAt.has(fold.from) || shownAt.has(fold.to),
      `fold range ${fold.from}–${fold.to} starts and ends on hidden lines`,
    ).toBe(false);
    if (options.exactFolds === false) continue;
    const shape = shapeOf(whole[fold.exemplar - 1] as string);
    let alike = 0;
    for (let k = fold.from; k <= fold.to; k++)
      if (!shownAt.has(k) && (whole[k - 1] as string).trim() !== '' && shapeOf(whole[k - 1] as string) === shape) alike++;
    expect(fold.count, `fold after line ${fold.exemplar} counts its hidden look-alikes in ${fold.from}–${fold.to}`).toBe(alike);
  }
  return { shown: shownAt.size, gaps: gaps.length, folds: folds.length };
}
