import type { PlaceReader } from './locations.js';
import { Role } from './roles.js';
import { shapeOf } from './shape.js';
import { hasUnderline, shortUnderlines } from './underline.js';

/** Entries of a sparse read that stand for lines not read (see line-map.ts), and those of them hiding a notable line. */
export interface SkippedEntries {
  unread?: Uint8Array | undefined;
  lossy?: ReadonlySet<number> | undefined;
}

export interface FoldGroup {
  exemplar: number;
  members: number[];
  /** Grouped by message kind (quoted names and places left out), not by shape: its members may tell other messages. */
  isKind?: boolean;
}

/**
 * Groups lines of one shape (blank lines stay apart, headings and block context are members but never exemplars; failure
 * signals and summaries group only among themselves; in a huge output, ordinary lines are
 * compared only within `window` lines of either end). Groups of at least `minCount` lines are returned; the first
 * line is the exemplar, kept; the others are folded unless the budget brings them back. `shapes` may hold each
 * line's shape already (NaN where not).
 *
 * A group never reaches across lines that were not compared (the middle of a huge output, an `unread` entry; for
 * signals and summaries only a `lossy` one): its fold marker's count is then exact over the range it names.
 */
export function findFolds(
  lines: readonly string[],
  roles: Uint8Array,
  window = Infinity,
  minCount = 3,
  shapes?: Float64Array,
  skipped?: SkippedEntries,
): FoldGroup[] {
  const byShape = new Map<string, number[]>();
  const middleSkipped = lines.length > 2 * window;
  let ordinarySegment = 0;
  let notableSegment = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skipped?.unread?.[i] === 1) {
      ordinarySegment++;
      if (skipped.lossy?.has(i)) notableSegment++;
      continue;
    }
    const role = roles[i] as number;
    if (role < Role.signal && i >= window && i < lines.length - window) continue;
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const kind = role === Role.signal ? 1 : role === Role.summary ? 2 : 0;
    // failures differing only in an underline's length are one message (see underline.ts)
    const known = kind === 1 && hasUnderline(line) ? shapeOf(shortUnderlines(line)) : shapes?.[i];
    const segment = kind === 0 ? ordinarySegment * 2 + (middleSkipped && i >= lines.length - window ? 1 : 0) : notableSegment;
    const key = `${known === undefined || Number.isNaN(known) ? shapeOf(line) : known}:${kind}:${segment}`;
    const list = byShape.get(key);
    if (list === undefined) byShape.set(key, [i]);
    else list.push(i);
  }
  const groups: FoldGroup[] = [];
  for (const members of byShape.values()) {
    if (members.length < minCount) continue;
    // A repeated summary (a test count redrawn as it runs) is worth its last state; other lines their first.
    if (roles[members[0] as number] === Role.summary) {
      groups.push({ exemplar: members[members.length - 1] as number, members: members.slice(0, -1) });
      continue;
    }
    // Headings and block context are look-alikes too (counted when hidden), never the exemplar: they are kept on their own terms.
    const exemplar = members.findIndex((i) => roles[i] !== Role.structure && roles[i] !== Role.context);
    if (exemplar !== -1)
      groups.push({ exemplar: members[exemplar] as number, members: members.filter((_, k) => k !== exemplar) });
  }
  return groups;
}

const COARSE_MIN_MEMBERS = 5;
const QUOTED = /'[^']*'|"[^"]*"|`[^`]*`|‘[^’]*’|“[^”]*”/g;

/**
 * When the failures alone overflow the budget: failure lines group by message kind instead (their place and the
 * names they quote left out: every `error TS2339: Property '…' does not exist on type '…'` is one group), so one of
 * each kind is shown and the fold markers name the places of the rest. Other groups stay as they were.
 */
export function coarseFailureFolds(
  lines: readonly string[],
  roles: Uint8Array,
  folds: readonly FoldGroup[],
  places: PlaceReader,
): FoldGroup[] {
  const byKind = new Map<number, number[]>();
  for (let i = 0; i < lines.length; i++) {
    if (roles[i] !== Role.signal) continue;
    const line = lines[i] as string;
    const place = places.at(i);
    const message = shortUnderlines(place === undefined ? line : line.replace(place.file + place.at, ''));
    const key = shapeOf(message.replace(QUOTED, "''"));
    const list = byKind.get(key);
    if (list === undefined) byKind.set(key, [i]);
    else list.push(i);
  }
  // only the big kinds merge: a kind told a few times keeps each of its lines (three unused imports are three findings)
  const merged = new Set<number>();
  const groups: FoldGroup[] = [];
  for (const members of byKind.values()) {
    if (members.length < COARSE_MIN_MEMBERS) continue;
    for (const i of members) merged.add(i);
    groups.push({ exemplar: members[0] as number, members: members.slice(1), isKind: true });
  }
  return [...folds.filter((group) => roles[group.exemplar] !== Role.signal || !merged.has(group.exemplar)), ...groups];
}
