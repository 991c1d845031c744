import type { FoldGroup } from './fold.js';
import { failurePlace, locationOf } from './locations.js';
import type { Place } from './locations.js';
import { Role } from './roles.js';
import { shapeOf } from './shape.js';

/** Members of one group looked at (a huge log's thousandth look-alike is past what a view or a marker can name). */
const MAX_SCANNED = 1000;

const ERROR_WORD = /\b(?:error|Error|ERROR|fatal|FATAL|FAIL(?:ED)?|panicked|\*\*\*)\b|\berror\[|\*\*\*/;

/** The shape of a failure line without the place it points at: two lines differing only there (or in numbers) tell one message. */
function messageOf(line: string): number {
  const location = locationOf(line);
  return shapeOf((location === undefined ? line : line.replace(location, '')).trim());
}

/**
 * Failure lines folded as look-alikes that are no word-for-word repeat of their group's earlier lines: different
 * failures of one shape. New messages come first, then the same message at new places, each in output order.
 */
export function distinctFailures(
  lines: readonly string[],
  roles: Uint8Array,
  folds: readonly FoldGroup[],
  blockEnds: ReadonlyMap<number, number>,
): number[] {
  const newMessages: number[] = [];
  const newPlaces: number[] = [];
  for (const group of folds) {
    if (roles[group.exemplar] !== Role.signal) continue;
    const first = (lines[group.exemplar] as string).trim();
    const texts = new Set([first]);
    const messages = new Set([messageOf(first)]);
    for (const i of group.members.length > MAX_SCANNED ? group.members.slice(0, MAX_SCANNED) : group.members) {
      const text = (lines[i] as string).trim();
      if (texts.has(text)) continue;
      texts.add(text);
      const message = messageOf(text);
      // the same message: another failure only when it names another place (else a repeat with other numbers)
      if (messages.has(message)) {
        if (failurePlace(lines, i, blockEnds.get(i)) !== undefined) newPlaces.push(i);
      } else {
        messages.add(message);
        newMessages.push(i);
      }
    }
  }
  // errors before warnings, then new messages before new places, each in output order
  const rank = (i: number): number => (ERROR_WORD.test(lines[i] as string) ? 0 : 2);
  return [...newMessages.map((i) => [i, rank(i)] as const), ...newPlaces.map((i) => [i, rank(i) + 1] as const)]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .map(([i]) => i);
}

/** Where each hidden failure of a group points, for its fold marker (word-for-word repeats of a shown line left out). */
export function hiddenPlaces(
  lines: readonly string[],
  kept: Uint8Array,
  group: FoldGroup,
  blockEnds: ReadonlyMap<number, number>,
): Place[] {
  const shown = new Set<string>();
  for (const i of [group.exemplar, ...group.members]) if (kept[i] === 1) shown.add((lines[i] as string).trim());
  const out: Place[] = [];
  for (const i of group.members.length > MAX_SCANNED ? group.members.slice(0, MAX_SCANNED) : group.members) {
    if (kept[i] === 1) continue;
    const text = (lines[i] as string).trim();
    if (shown.has(text)) continue;
    const place = failurePlace(lines, i, blockEnds.get(i));
    if (place !== undefined) out.push(place);
  }
  return out;
}
