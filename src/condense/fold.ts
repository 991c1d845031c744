import { Role } from './roles.js';
import { shapeOf } from './shape.js';

export interface FoldGroup {
  exemplar: number;
  members: number[];
}

/**
 * Groups lines of one shape (blank lines, headings and block context stay apart; failure
 * signals and summaries group only among themselves; in a huge output, ordinary lines are
 * compared only within `window` lines of either end). Groups of at least `minCount` lines are returned; the first
 * line is the exemplar, kept; the others are folded unless the budget brings them back. `shapes` may hold each
 * line's shape already (NaN where not).
 */
export function findFolds(lines: readonly string[], roles: Uint8Array, window = Infinity, minCount = 3, shapes?: Float64Array): FoldGroup[] {
  const byShape = new Map<number, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const role = roles[i] as number;
    if (role === Role.structure || role === Role.context) continue;
    if (role < Role.signal && i >= window && i < lines.length - window) continue;
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const known = shapes?.[i];
    const key = (known === undefined || Number.isNaN(known) ? shapeOf(line) : known) + (role === Role.signal ? 1 : role === Role.summary ? 2 : 0) * 2 ** 50;
    const list = byShape.get(key);
    if (list === undefined) byShape.set(key, [i]);
    else list.push(i);
  }
  const groups: FoldGroup[] = [];
  for (const members of byShape.values()) {
    if (members.length < minCount) continue;
    // A repeated summary (a test count redrawn as it runs) is worth its last state; other lines their first.
    const last = roles[members[0] as number] === Role.summary;
    groups.push(last ? { exemplar: members[members.length - 1] as number, members: members.slice(0, -1) } : { exemplar: members[0] as number, members: members.slice(1) });
  }
  return groups;
}
