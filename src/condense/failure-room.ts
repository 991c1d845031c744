// Distinct failures (another place or another message: see distinct.ts) come before every other use of the budget
// (headings, head and tail, samples), and a view may grow past its budget for them alone, up to a ceiling: measured on
// the tune half of the outsider captures (docs/condense.md), 2.5× keeps 99.9% of their must-keep lines, 1.5× 98.3%.
import type { DistinctFailures } from './distinct.js';
import type { PlaceReader } from './locations.js';

/** How far past its budget a view may grow for distinct failure lines alone: `ceiling = budget × FAILURE_OVERFLOW`. */
export const FAILURE_OVERFLOW = 2.5;
/** Share of the room left for distinct failures once failures and summaries are in (the rest pays for their markers). */
const DISTINCT_FAILURE_SHARE = 0.9;
/** About what naming one hidden failure's place costs in its fold marker. */
const PLACE_TOKENS = 4;

export interface FailureRoom {
  distinct: DistinctFailures;
  places: PlaceReader;
  blockEnds: ReadonlyMap<number, number>;
  costs: Float64Array;
  kept: Uint8Array;
  markerCost: number;
  /** Most tokens the lines shown may reach with distinct failures. */
  ceiling: number;
}

/**
 * Shows the distinct failures of `distinct` (in its order) while the room up to the ceiling lasts; each comes with its
 * message or place when its block tells them on the next lines (a panic's assertion, rustc's ` --> `). `spent` is
 * what is shown already; `keep` shows a line. Those left hidden are named by place in their fold markers.
 */
export function keepDistinctFailures(room: FailureRoom, spent: number, keep: (i: number) => void): void {
  const { distinct, places, blockEnds, costs, kept, markerCost } = room;
  const reserve = Math.min(PLACE_TOKENS * distinct.failures.length, room.ceiling * 0.2);
  let left = (room.ceiling - spent - reserve) * DISTINCT_FAILURE_SHARE;
  for (const { line: i } of distinct.failures) {
    if (kept[i] === 1) continue;
    const placeLine = places.lineOf(i, blockEnds.get(i));
    const last = placeLine !== undefined && placeLine > i ? placeLine : blockEnds.has(i) ? i + 1 : i;
    let cost = i > 0 && kept[i - 1] === 0 ? markerCost : 0;
    for (let j = i; j <= last; j++) cost += costs[j] as number;
    if (cost > left) continue;
    for (let j = i; j <= last; j++) keep(j);
    left -= cost - PLACE_TOKENS;
  }
}
