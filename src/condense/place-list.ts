// How a fold marker names the places of the failures it hides, compactly and without losing one: each file once, its
// first place whole as the tool printed it, then the other lines holding one by number, consecutive ones as a range;
// numbered files told the same places as a brace range: `a.py:3:1, also lines 5,40–47; b.ts(14,14) to line 301; src/m{001..119}.c:2:24`.
// The later places' columns are left out: the marker's count says how many failures there are, the list every line.
import type { Place } from './locations.js';

/** A marker names places up to about 1 300 tokens' worth; past that it counts the rest (their lines match its regex). */
const MAX_LISTED_CHARS = 4000;
/** This many consecutive line numbers of one file or more are written as a range: `also lines 14–301`. */
const MIN_RANGE = 3;
/** Files this many or more, numbered one after another and told the same lines, are written as a brace range. */
const MIN_NUMBERED_FILES = 3;

const BY_NAME = new Intl.Collator('en', { numeric: true });
const LINE_NUMBER = /^(?::|\(|,? line )(\d+)/;
const NUMBERED = /^(.*?)(\d+)(\D*)$/;

const lineNumber = (place: Place): number => Number(LINE_NUMBER.exec(place.at)?.[1] ?? Number.NaN);

/** Distinct line numbers, ascending: runs of consecutive ones as `first–last`, the others one by one. */
function lineRuns(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const parts: string[] = [];
  let k = 0;
  while (k < sorted.length) {
    let end = k;
    while (end + 1 < sorted.length && (sorted[end + 1] as number) === (sorted[end] as number) + 1) end++;
    if (end - k + 1 >= MIN_RANGE) {
      parts.push(`${sorted[k] as number}–${sorted[end] as number}`);
      k = end + 1;
    } else parts.push(String(sorted[k++] as number));
  }
  return parts.join(',');
}

/**
 * What follows a file's name: its first place as printed (running on `to line n` when the lines after it hold one
 * each), then the numbers of the other lines holding one.
 */
function fileLines(places: readonly Place[]): string {
  const first = places[0] as Place;
  const firstLine = lineNumber(first);
  const others = new Set(places.map(lineNumber));
  others.delete(firstLine);
  let runEnd = firstLine;
  while (others.has(runEnd + 1)) runEnd++;
  let text = first.at;
  if (runEnd - firstLine + 1 >= MIN_RANGE) {
    for (let line = firstLine + 1; line <= runEnd; line++) others.delete(line);
    text += ` to line ${runEnd}`;
  }
  if (others.size === 0) return text;
  return `${text}, also ${others.size === 1 ? 'line' : 'lines'} ${lineRuns([...others])}`;
}

interface FileEntry {
  file: string;
  lines: string;
  /** Places of the list this entry stands for. */
  count: number;
}

/** `m001.c`, `m002.c`, `m003.c` told the same lines, as `m{001..003}.c` (the shell's brace range, zero padding kept). */
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
          entry.lines === first.lines &&
          (next[2] as string).length === digits.length &&
          Number(next[2]) === Number(digits) + offset
        );
      };
      while (end + 1 < entries.length && follows(entries[end + 1] as FileEntry, end + 1 - k)) end++;
      if (end - k + 1 >= MIN_NUMBERED_FILES) {
        const last = (NUMBERED.exec((entries[end] as FileEntry).file) as RegExpExecArray)[2] as string;
        const count = entries.slice(k, end + 1).reduce((sum, entry) => sum + entry.count, 0);
        out.push({ file: `${head}{${digits}..${last}}${tail}`, lines: first.lines, count });
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
 * Places for a marker: each file named once (files in order of their names, numbers by value), its first place whole,
 * then the other lines holding one (`c.ts(14,14) to line 301, also lines 340,352`: each line between holds one), numbered files told
 * the same places as a brace range (`src/m{001..119}.c:2:24`). Past MAX_LISTED_CHARS the rest are counted: `; … 40 more`.
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
      return { file, lines: fileLines(places), count: places.length };
    }),
  );
  const parts: string[] = [];
  let chars = 0;
  let listed = 0;
  for (const entry of entries) {
    const text = entry.file + entry.lines;
    if (chars + text.length > MAX_LISTED_CHARS) break;
    parts.push(text);
    chars += text.length + 2;
    listed += entry.count;
  }
  const more = told.length > listed ? `; … ${told.length - listed} more` : '';
  return parts.join('; ') + more;
}
