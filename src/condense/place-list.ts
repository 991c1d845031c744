// How a fold marker names the places of the failures it hides, compactly and without losing one:
// `a.py:3:1, 5:1; b.ts(14,14)–(301,14); src/m{001..119}.c:2:24`.
import type { Place } from './locations.js';

/** A marker names places up to about 1 300 tokens' worth; past that it counts the rest (their lines match its regex). */
const MAX_LISTED_CHARS = 4000;
/** Places on this many consecutive lines of one file or more are written as a range: `a.ts(14,14)–(301,14)`. */
const MIN_RANGE = 3;
/** Files this many or more, numbered one after another and told the same places, are written as a brace range. */
const MIN_NUMBERED_FILES = 3;

const BY_NAME = new Intl.Collator('en', { numeric: true });
const LINE_NUMBER = /^(?::|\(|, line )(\d+)/;
const NUMBERED = /^(.*?)(\d+)(\D*)$/;

const lineNumber = (place: Place): number => Number(LINE_NUMBER.exec(place.at)?.[1] ?? Number.NaN);
const short = (place: Place): string => (place.at.startsWith(':') ? place.at.slice(1) : place.at);

/** One file's places after its name: runs on consecutive lines as `first–last`, the others one by one. */
function fileRun(places: readonly Place[]): string {
  const parts: string[] = [];
  const text = (k: number): string => (k === 0 ? (places[0] as Place).at : short(places[k] as Place));
  let k = 0;
  while (k < places.length) {
    let end = k;
    while (end + 1 < places.length && lineNumber(places[end + 1] as Place) === lineNumber(places[end] as Place) + 1) end++;
    if (end - k + 1 >= MIN_RANGE) {
      parts.push(`${text(k)}–${short(places[end] as Place)}`);
      k = end + 1;
    } else parts.push(text(k++));
  }
  return parts.join(', ');
}

interface FileEntry {
  file: string;
  places: string;
  count: number;
}

/** `m001.c`, `m002.c`, `m003.c` told the same places, as `m{001..003}.c` (the shell's brace range, zero padding kept). */
function braceRanges(entries: readonly FileEntry[]): FileEntry[] {
  const out: FileEntry[] = [];
  let k = 0;
  while (k < entries.length) {
    const first = entries[k] as FileEntry;
    const parts = NUMBERED.exec(first.file);
    let end = k;
    if (parts !== null) {
      const [, head, digits, tail] = parts as unknown as [string, string, string, string];
      const follows = (entry: FileEntry, offset: number): boolean => {
        const next = NUMBERED.exec(entry.file);
        return (
          next !== null &&
          next[1] === head &&
          next[3] === tail &&
          entry.places === first.places &&
          (next[2] as string).length === digits.length &&
          Number(next[2]) === Number(digits) + offset
        );
      };
      while (end + 1 < entries.length && follows(entries[end + 1] as FileEntry, end + 1 - k)) end++;
      if (end - k + 1 >= MIN_NUMBERED_FILES) {
        const last = (NUMBERED.exec((entries[end] as FileEntry).file) as RegExpExecArray)[2] as string;
        const count = entries.slice(k, end + 1).reduce((sum, entry) => sum + entry.count, 0);
        out.push({ file: `${head}{${digits}..${last}}${tail}`, places: first.places, count });
        k = end + 1;
        continue;
      }
    }
    out.push(first);
    k++;
  }
  return out;
}

/**
 * Places for a marker, each file named once (files in order of their names, numbers by value), its places on consecutive lines as a
 * range (`c.ts(14,14)–(301,14)`: one on each line between), numbered files told the same places as a brace range
 * (`src/m{001..119}.c:2:24`). The first place of each file is written whole, as the tool printed it.
 */
export function listPlaces(told: readonly Place[]): string {
  const byFile = new Map<string, Place[]>();
  for (const place of told) {
    const list = byFile.get(place.file);
    if (list === undefined) byFile.set(place.file, [place]);
    else list.push(place);
  }
  const files = [...byFile.keys()].sort(BY_NAME.compare);
  const entries = braceRanges(
    files.map((file) => {
      const places = byFile.get(file) as Place[];
      return { file, places: fileRun(places), count: places.length };
    }),
  );
  const parts: string[] = [];
  let chars = 0;
  let listed = 0;
  for (const entry of entries) {
    const text = entry.file + entry.places;
    if (chars + text.length > MAX_LISTED_CHARS) break;
    parts.push(text);
    chars += text.length + 2;
    listed += entry.count;
  }
  const more = told.length > listed ? `; … ${told.length - listed} more` : '';
  return parts.join('; ') + more;
}
