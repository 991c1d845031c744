import type { FoldGroup } from './fold.js';
import type { Place, PlaceReader } from './locations.js';
import { Role } from './roles.js';
import { shortUnderlines } from './underline.js';

/** Members of one group looked at (a huge log's thousandth look-alike is past what a view or a marker can name). */
const MAX_SCANNED = 300;

// the word, or a linter's code its tool calls an error or a fatal (pylint and pycodestyle's `E0102`, `F821`)
const ERROR_WORD = /\b(?:error|Error|ERROR|fatal|FATAL|FAIL(?:ED)?|panicked|\*\*\*|[EF]\d{3,4})\b|\berror\[|\*\*\*/;

/**
 * A number standing alone, with its unit (`81`, `2.5`, `3s`, `12ms`), an address or a hash (`0x7ffd10`, `3f2a9c1`):
 * not a number inside a name or a code (`f17`, `case_18`, `TS2307`).
 */
const PLAIN_NUMBER = /\b0x[\da-fA-F]+\b|\b[\da-f]{7,}\b|(?<![\w.])\d+(?:\.\d+)*[A-Za-z%]{0,3}(?!\w)/g;

/**
 * What a failure line says, without the place it points at and with its plain numbers blanked: two lines that differ
 * there alone tell one message (`line too long (81 > 79 characters)`), and so do two that differ in an underline's
 * length alone (`^---^ SC2086`); another quoted name or code is another message.
 */
function messageOf(line: string, place: Place | undefined): string {
  const text = (place === undefined ? line : line.replace(place.file + place.at, '')).trim();
  return shortUnderlines(text).replace(PLAIN_NUMBER, '#');
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

/** Members whose places a fold marker may name (it lists about 400 and counts the rest). */
const MAX_NAMED = 2000;

const scanned = (group: FoldGroup): readonly number[] =>
  group.members.length > MAX_NAMED ? group.members.slice(0, MAX_NAMED) : group.members;

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
    const messageAt = (i: number): string => messageOf(lines[i] as string, places.at(i));
    /**
     * The place a failure points at (its own, its block's or its heading's; '' when it names none), and whether its
     * line or block names it (what a fold marker lists).
     */
    const placeOfFailure = (i: number): { place: string; named: boolean } => {
      const line = places.namedBy(i, blockEnds.get(i));
      if (line !== undefined) {
        const place = places.at(line) as Place;
        return { place: place.file + place.at, named: true };
      }
      const heading = places.heading(i);
      return { place: heading === undefined ? '' : (lines[heading] as string), named: false };
    };
    const messages = new Set([messageAt(group.exemplar)]);
    const toldAt = new Set([`${messageAt(group.exemplar)}\n${placeOfFailure(group.exemplar).place}`]);
    const names = new Set([namesOf(lines[group.exemplar] as string)]);
    const members = scanned(group);
    const namedAt = new Set<string>();
    for (let k = 0; k < members.length; k++) {
      const i = members[k] as number;
      // past the first members, a look-alike is only named by place, each place once (a huge log's flood stays cheap)
      if (k >= MAX_SCANNED) {
        const { place, named: namesPlace } = placeOfFailure(i);
        if (namesPlace && !namedAt.has(place)) {
          namedAt.add(place);
          named.push(i);
        }
        continue;
      }
      const text = places.told(i, blockEnds.get(i));
      if (texts.has(text)) continue;
      texts.add(text);
      const message = messageAt(i);
      const { place, named: namesPlace } = placeOfFailure(i);
      // the same message at the same place, other numbers aside (a retry's count, a duration, an address): a repeat
      if (place !== '' && toldAt.has(`${message}\n${place}`)) continue;
      toldAt.add(`${message}\n${place}`);
      if (namesPlace) {
        namedAt.add(place);
        named.push(i);
      }
      groupSize.set(i, group.members.length);
      if (!messages.has(message)) {
        messages.add(message);
        newMessages.push(i);
        continue;
      }
      // the same message: another failure only when it names another place (else a repeat with other numbers)
      const hasPlace = place !== '' || FAILED_TEST.test(text) || isNewName(names, lines[i] as string);
      if (hasPlace) newPlaces.push(i);
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
    out.push(places.at(places.namedBy(i, blockEnds.get(i)) as number) as Place);
  }
  return out;
}
