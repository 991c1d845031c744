import type { DistinctFailures } from './distinct.js';
import { shownContext } from './context.js';
import { keepDistinctFailures } from './failure-room.js';
import type { FoldGroup } from './fold.js';
import type { PlaceReader } from './locations.js';
import { LATER_GAP_MARKER_TOKENS } from './markers.js';
import { Role } from './roles.js';

export interface Selection {
  kept: Uint8Array;
  /** Tokens the lines shown whatever the budget cost (failures, summaries, their blocks, pinned lines). */
  mustShowCost: number;
}

export interface SelectInput {
  lines: readonly string[];
  roles: Uint8Array;
  blockEnds: Map<number, number>;
  folds: readonly FoldGroup[];
  /** Folded failures that differ from their group's shown line (see distinctFailures), in the order they are shown. */
  distinct: DistinctFailures;
  places: PlaceReader;
  costs: Float64Array;
  budget: number;
  /** Most tokens distinct failures may bring the lines shown to, past the budget (see failure-room.ts). @defaultValue the budget */
  failureCeiling?: number;
  /** Tokens a marker line costs, to reserve room for them. */
  markerCost: number;
  /** The run failed and no failure line was recognised: keep the tail whatever it costs. */
  keepTail: boolean;
  /** Most tokens spent on headings, head and tail once failures and summaries are in. */
  fillLimit: number;
  /**
   * A recogniser explained the output (it found failures or a summary): head and tail do not bring back lines folded
   * as look-alikes of a kept line (their fold markers say enough), and only headings of sections holding a kept line stay.
   */
  explained: boolean;
  /** 1 for entries standing for lines not read: never shown (see line-map.ts). */
  unread?: Uint8Array | undefined;
  /** Lines the head and tail never bring back (the runs of ordinary lines of an output that fits). */
  hidden?: Uint8Array | undefined;
  /** Lines an overview asks to show whatever the budget (a tree's problem entries and their parents, rare rows). */
  pinned?: readonly number[];
  /** A failure line → the heading naming its place, shown with it. */
  headingOf?: ReadonlyMap<number, number>;
}

const TAIL_KEPT_ON_UNEXPLAINED_FAILURE = 15;
const HEAD_SHARE = 0.35;
const HEADINGS_SHARE = 0.3;

/**
 * Chooses the lines shown: summaries, failure signals (one per shape, the others folded)
 * and their blocks always; then headings, then the head and the tail while the budget lasts.
 */
export function selectLines(input: SelectInput): Selection {
  const { lines, roles, blockEnds, folds, costs, budget, markerCost } = input;
  const n = lines.length;
  const kept = new Uint8Array(n);
  const folded = new Uint8Array(n);
  for (const group of folds) for (const i of group.members) folded[i] = 1;
  let spent = 0;
  const keep = (i: number): void => {
    if (kept[i] === 0) {
      kept[i] = 1;
      spent += costs[i] as number;
      const heading = input.headingOf?.get(i);
      if (heading !== undefined) keep(heading);
    }
  };
  for (const i of input.pinned ?? []) keep(i);
  // A failure told twice word for word (node --test repeats each one under "failing tests:") is shown once: the
  // repeat is left out like a folded look-alike.
  const told = new Set<string>();
  for (let i = 0; i < n; i++) {
    const role = roles[i] as number;
    if ((role === Role.summary || role === Role.signal) && folded[i] === 0) {
      const end = blockEnds.get(i) ?? i;
      if (role === Role.signal) {
        const heading = input.headingOf?.get(i);
        const text = lines
          .slice(i, end + 1)
          .map((line) => line.trim())
          .join('\n')
          .concat(heading === undefined ? '' : `\n${lines[heading] as string}`);
        if (told.has(text)) {
          folded.fill(1, i, end + 1);
          continue;
        }
        told.add(text);
      }
      keep(i);
      for (const j of shownContext(lines, roles, i, end)) keep(j);
    }
  }
  // Different failures of one shape (other places, other names) come before anything else, past the budget up to
  // the ceiling; the fold marker names the place of every one left hidden.
  const { distinct, places } = input;
  const ceiling = Math.max(budget, input.failureCeiling ?? budget);
  keepDistinctFailures({ distinct, places, blockEnds, costs, kept, markerCost, ceiling }, spent, keep);
  const mustShowCost = spent;
  if (input.keepTail) {
    let taken = 0;
    for (let i = n - 1; i >= 0 && taken < TAIL_KEPT_ON_UNEXPLAINED_FAILURE; i--) {
      if ((lines[i] as string).trim() === '') continue;
      keep(i);
      taken++;
    }
  }
  const useful = input.explained ? headingsOverKept(roles, kept) : undefined;
  const uselessHeading = (i: number): boolean => useful !== undefined && roles[i] === Role.structure && useful[i] === 0;
  /** Adds lines from one end inward while they fit; opening a new gap costs a marker. Returns what is left. */
  const walk = (from: number, step: 1 | -1, allowance: number): number => {
    let left = allowance;
    for (let i = from; i >= 0 && i < n; i += step) {
      if (
        kept[i] === 1 ||
        roles[i] === Role.noise ||
        roles[i] === Role.context ||
        (folded[i] === 1 && input.explained) ||
        uselessHeading(i) ||
        input.hidden?.[i] === 1 ||
        input.unread?.[i] === 1 ||
        // an unpriced line (read around a failure in the middle of a huge stream) is no part of the head or tail
        costs[i] === 0
      )
        continue;
      const previous = i - step;
      const opensGap = previous >= 0 && previous < n && kept[previous] === 0;
      const cost = (costs[i] as number) + (opensGap ? markerCost : 0);
      if (cost > left) break;
      keep(i);
      left -= cost;
    }
    return left;
  };
  const islands = countIslands(kept);
  let room = budget - spent - markerCost * (islands + 2 + Math.min(folds.length, 20));
  room = Math.min(room, input.fillLimit);
  if (room <= 0) {
    showCheapGaps(kept, costs, markerCost, Math.min(markerCost, LATER_GAP_MARKER_TOKENS));
    return { kept, mustShowCost };
  }
  let headings = room * HEADINGS_SHARE;
  for (let i = 0; i < n; i++) {
    if (roles[i] !== Role.structure || kept[i] === 1 || uselessHeading(i)) continue;
    const cost = (costs[i] as number) + (i > 0 && kept[i - 1] === 0 ? markerCost : 0);
    if (cost > headings) break;
    keep(i);
    headings -= cost;
  }
  room -= room * HEADINGS_SHARE - headings;
  const headAllowance = room * HEAD_SHARE;
  const headLeft = walk(0, 1, headAllowance);
  walk(n - 1, -1, room - headAllowance + headLeft);
  dropBlankIslands(lines, kept);
  showCheapGaps(kept, costs, markerCost, Math.min(markerCost, LATER_GAP_MARKER_TOKENS));
  return { kept, mustShowCost };
}

/** 1 for each heading followed by a kept line before the next heading. */
function headingsOverKept(roles: Uint8Array, kept: Uint8Array): Uint8Array {
  const useful = new Uint8Array(roles.length);
  let heading = -1;
  for (let i = 0; i < roles.length; i++) {
    if (roles[i] === Role.structure) heading = i;
    else if (kept[i] === 1 && heading >= 0) useful[heading] = 1;
  }
  return useful;
}

/**
 * A gap whose lines cost no more than its marker would is shown instead: cheaper, and nothing left out. The first
 * marker carries the detail call (`firstCost`), later ones only their range (`laterCost`).
 */
function showCheapGaps(kept: Uint8Array, costs: Float64Array, firstCost: number, laterCost: number): void {
  let marked = false;
  let i = 0;
  while (i < kept.length) {
    if (kept[i] === 1) {
      i++;
      continue;
    }
    const markerCost = marked ? laterCost : firstCost;
    let j = i;
    let cost = 0;
    // an unpriced line (the middle of a huge output) has cost 0: such a gap is never shown
    while (j < kept.length && kept[j] === 0 && cost <= markerCost) {
      const line = costs[j] as number;
      cost += line > 0 ? line : Infinity;
      j++;
    }
    while (j < kept.length && kept[j] === 0) j++;
    if (cost <= markerCost) kept.fill(1, i, j);
    else marked = true;
    i = j;
  }
}

function countIslands(kept: Uint8Array): number {
  let islands = 0;
  for (let i = 0; i < kept.length; i++) if (kept[i] === 1 && (i === 0 || kept[i - 1] === 0)) islands++;
  return islands;
}

/** A run of kept lines that are all blank says nothing between two gaps: leave it to the gap. */
function dropBlankIslands(lines: readonly string[], kept: Uint8Array): void {
  let i = 0;
  while (i < kept.length) {
    if (kept[i] === 0) {
      i++;
      continue;
    }
    let j = i;
    let blank = true;
    while (j < kept.length && kept[j] === 1) {
      if ((lines[j] as string).trim() !== '') blank = false;
      j++;
    }
    if (blank && (i > 0 || j < kept.length)) kept.fill(0, i, j);
    i = j;
  }
}
