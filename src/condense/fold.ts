import { Role } from './roles.js';
import { shapeOf } from './shape.js';

export interface FoldGroup {
  exemplar: number;
  members: number[];
}

/**
 * Groups lines of one shape (blank lines, headings and block context stay apart; failure
 * signals and summaries group only among themselves). Groups of at least `minCount` lines are returned; the first
 * line is the exemplar, kept; the others are folded unless the budget brings them back.
 */
export function findFolds(lines: readonly string[], roles: Uint8Array, minCount = 3): FoldGroup[] {
  const byShape = new Map<string, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const role = roles[i] as number;
    if (role === Role.structure || role === Role.context) continue;
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const key = `${role === Role.signal ? 's' : role === Role.summary ? 'm' : 'n'}${shapeOf(line)}`;
    const list = byShape.get(key);
    if (list === undefined) byShape.set(key, [i]);
    else list.push(i);
  }
  const groups: FoldGroup[] = [];
  for (const members of byShape.values()) {
    if (members.length >= minCount) groups.push({ exemplar: members[0] as number, members: members.slice(1) });
  }
  return groups;
}
