import type { FoldGroup } from './fold.js';
import type { LineMap } from './line-map.js';
import { Role } from './roles.js';
import type { LineRange } from './types.js';
import { capLine } from './cut-line.js';
import { foldMarker, gapMarker } from './markers.js';
import type { MarkerContext } from './markers.js';
import { matchFor } from './shape.js';
import { hiddenPlaces } from './distinct.js';
import type { DistinctFailures } from './distinct.js';
import { listPlaces } from './place-list.js';
import type { PlaceReader } from './locations.js';

export interface Rendered {
  text: string;
  omitted: LineRange[];
  omittedLines: number;
}

export interface RenderInput {
  lines: readonly string[];
  roles: Uint8Array;
  kept: Uint8Array;
  folds: readonly FoldGroup[];
  blockEnds: ReadonlyMap<number, number>;
  places: PlaceReader;
  distinct: DistinctFailures;
  context: MarkerContext;
  maxLineChars: number;
  header: readonly string[];
  /** Say how many look-alikes of a kept ordinary line are hidden (not when an overview already counts the output). */
  annotateOrdinaryFolds: boolean;
  /** Where each entry is in the stored stream: every number printed is the stored one. */
  map: LineMap;
}

/** Writes kept lines in order, a fold marker after each exemplar whose look-alikes are hidden, and a gap marker for every other run left out. */
export function render(input: RenderInput): Rendered {
  const { lines, roles, kept, folds, context, maxLineChars, header, map } = input;
  const foldAfter = new Map<number, { count: number; from: number; to: number; places: string }>();
  // A group whose hidden lines make up one whole gap is told at the gap: "lines a–b omitted (n), each like line x".
  const foldedGaps = new Map<number, { exemplar: number; to: number }>();
  for (const group of folds) {
    if (kept[group.exemplar] === 0) continue;
    // Earlier redraws of a summary (a test count as it ran) are left to the gap markers: the kept last state says it all.
    if (roles[group.exemplar] === Role.summary) continue;
    if (roles[group.exemplar] !== Role.signal && !input.annotateOrdinaryFolds) continue;
    const hidden = group.members.filter((i) => kept[i] === 0);
    if (hidden.length === 0) continue;
    const from = hidden[0] as number;
    const to = hidden[hidden.length - 1] as number;
    // hidden failures that are no repeat of a shown one are named by place in the marker
    const places =
      roles[group.exemplar] === Role.signal
        ? listPlaces(hiddenPlaces(kept, group, input.blockEnds, input.places, input.distinct))
        : '';
    const wholeGap =
      places === '' &&
      to - from + 1 === hidden.length &&
      (from === 0 || kept[from - 1] === 1) &&
      (to + 1 >= lines.length || kept[to + 1] === 1);
    if (wholeGap) foldedGaps.set(map.first(from), { exemplar: group.exemplar, to: map.last(to) });
    else foldAfter.set(group.exemplar, { count: hidden.length, from: map.first(from), to: map.first(to), places });
  }
  const out: string[] = [...header];
  let hinted = false;
  const firstMarker = (): boolean => !hinted && (hinted = true);
  const omitted: LineRange[] = [];
  let omittedLines = 0;
  let i = 0;
  while (i < lines.length) {
    if (kept[i] === 1) {
      out.push(capLine(lines[i] as string, maxLineChars));
      const fold = foldAfter.get(i);
      if (fold !== undefined)
        out.push(
          foldMarker(
            context,
            firstMarker(),
            fold.count,
            fold.from,
            fold.to,
            matchFor(lines[i] as string),
            fold.from < map.first(i),
            fold.places,
          ),
        );
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && kept[j] === 0) j++;
    const from = map.first(i);
    const to = map.last(j - 1);
    i = j;
    if (to < from) continue;
    omitted.push({ from, to });
    omittedLines += to - from + 1;
    const folded = foldedGaps.get(from);
    const like = folded !== undefined && folded.to === to ? { line: map.first(folded.exemplar) } : undefined;
    out.push(gapMarker(context, from, to, firstMarker(), like));
  }
  return { text: out.join('\n'), omitted, omittedLines };
}
