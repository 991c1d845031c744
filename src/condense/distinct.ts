import type { FoldGroup } from './fold.js';
import type { Place, PlaceReader } from './locations.js';
import { Role } from './roles.js';
import { shapeOf } from './shape.js';

/** Members of one group looked at (a huge log's thousandth look-alike is past what a view or a marker can name). */
const MAX_SCANNED = 300;

// the word, or a linter's code its tool calls an error or a fatal (pylint and pycodestyle's `E0102`, `F821`)
const ERROR_WORD = /\b(?:error|Error|ERROR|fatal|FATAL|FAIL(?:ED)?|panicked|\*\*\*|[EF]\d{3,4})\b|\berror\[|\*\*\*/;

/** The shape of a failure line without the place it points at: two lines differing only there (or in numbers) tell one message. */
function messageOf(line: string, place: Place | undefined): number {
  return shapeOf((place === undefined ? line : line.replace(place.file + place.at, '')).trim());
}

/** Names holding a number (`mod17.o`, `case_18`, `f4`): what tells two failing targets or tests of one shape apart. */
const NUMBERED_NAME = /[A-Za-z_]\d+/g;

function namesOf(line: string): string {
  return (line.match(NUMBERED_NAME) ?? []).join(' ');
}

/** A line naming a failed test: its name is its place, so two names differing in a number alone are two failures. */
const FAILED_TEST = /^\s*(?:●|✕|×|✗|not ok\b|--- FAIL\b|FAIL(?:ED)?\b)/;

/** The line names other numbered things than the lines seen before (then it is no repeat with other numbers). */
function isNewName(seen: Set<string>, line: string): boolean {
  const names = namesOf(line);
  if (names === '' || seen.has(names)) return false;
  seen.add(names);
  return true;
}

const scanned = (group: FoldGroup): readonly number[] =>
  group.members.length > MAX_SCANNED ? group.members.slice(0, MAX_SCANNED) : group.members;

/**
 * Failure lines folded as look-alikes that are no word-for-word repeat of their group's earlier lines: different
 * failures of one shape. New messages come first, then the same message at new places, each in output order.
 */
export interface DistinctFailure {
  line: number;
  /** Its message differs from its group's earlier lines (else only its place does). */
  isNewMessage: boolean;
}

export interface DistinctFailures {
  /** In the order they are shown while the budget lasts. */
  failures: DistinctFailure[];
  /** Exemplar → its look-alikes that name a place, each told once: the places a fold marker names when they are hidden. */
  placed: Map<number, number[]>;
}

export function distinctFailures(
  lines: readonly string[],
  roles: Uint8Array,
  folds: readonly FoldGroup[],
  blockEnds: ReadonlyMap<number, number>,
  places: PlaceReader,
): DistinctFailures {
  const newMessages: number[] = [];
  const newPlaces: number[] = [];
  /** Line → how many look-alikes its group holds: a rare kind's failures are each worth more than a flood's. */
  const groupSize = new Map<number, number>();
  const placed = new Map<number, number[]>();
  for (const group of folds) {
    if (roles[group.exemplar] !== Role.signal) continue;
    const named: number[] = [];
    placed.set(group.exemplar, named);
    const texts = new Set([places.told(group.exemplar, blockEnds.get(group.exemplar))]);
    // lines of one shape tell one message (they differ in numbers and paths alone): only a kind's lines may differ
    const messages =
      group.isKind === true
        ? new Set([messageOf((lines[group.exemplar] as string).trim(), places.at(group.exemplar))])
        : undefined;
    const names = new Set([namesOf(lines[group.exemplar] as string)]);
    for (const i of scanned(group)) {
      const text = places.told(i, blockEnds.get(i));
      if (texts.has(text)) continue;
      texts.add(text);
      groupSize.set(i, group.members.length);
      const namesPlace = places.lineOf(i, blockEnds.get(i)) !== undefined;
      if (namesPlace) named.push(i);
      const hasPlace =
        namesPlace || places.heading(i) !== undefined || FAILED_TEST.test(text) || isNewName(names, lines[i] as string);
      const message = messages === undefined ? 0 : messageOf((lines[i] as string).trim(), places.at(i));
      // the same message: another failure only when it names another place (else a repeat with other numbers)
      if (messages === undefined || messages.has(message)) {
        if (hasPlace) newPlaces.push(i);
      } else {
        messages.add(message);
        newMessages.push(i);
      }
    }
  }
  // errors before warnings, then new messages before new places, the smaller groups first, each in output order
  const rank = (i: number): number => (ERROR_WORD.test(lines[i] as string) ? 0 : 2);
  const size = (i: number): number => groupSize.get(i) ?? 0;
  const failures = [...newMessages.map((i) => [i, rank(i)] as const), ...newPlaces.map((i) => [i, rank(i) + 1] as const)]
    .sort((a, b) => (a[1] >> 1) - (b[1] >> 1) || size(a[0]) - size(b[0]) || a[1] - b[1] || a[0] - b[0])
    .map(([line, rank]) => ({ line, isNewMessage: rank % 2 === 0 }));
  return { failures, placed };
}

/** Where each hidden failure of a group points, for its fold marker (repeats of a shown failure left out). */
export function hiddenPlaces(
  kept: Uint8Array,
  group: FoldGroup,
  blockEnds: ReadonlyMap<number, number>,
  places: PlaceReader,
  distinct: DistinctFailures,
): Place[] {
  const named = distinct.placed.get(group.exemplar) ?? [];
  const shown = new Set<string>();
  if (kept[group.exemplar] === 1) shown.add(places.told(group.exemplar, blockEnds.get(group.exemplar)));
  for (const i of named) if (kept[i] === 1) shown.add(places.told(i, blockEnds.get(i)));
  const out: Place[] = [];
  for (const i of named) {
    if (kept[i] === 1 || shown.has(places.told(i, blockEnds.get(i)))) continue;
    out.push(places.at(places.lineOf(i, blockEnds.get(i)) as number) as Place);
  }
  return out;
}
