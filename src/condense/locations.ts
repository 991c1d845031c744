// Where a diagnostic points: `src/a.c:12:5`, `src/a.ts(12,5)`, ` --> src/main.rs:5:9`, `a.py", line 10`, `In a.sh line 3:`.
// Lines of one shape that point at different places are different failures: none is folded away unnamed.

export interface Place {
  file: string;
  /** As the tool wrote it after the file: `:12:5`, `(12,5)`, `, line 10`, ` line 3`. */
  at: string;
}

/** `:line[:col]` or `(line[,col])` right after a path; the path is read backwards from there (linear on any line). */
const AFTER_PATH = /:\d+(?::\d+)?(?![\w/])|\(\d+(?:,\d+)?\)/g;
const PATH_CHAR = /[\w@.+~\\/-]/;
const SCANNED_CHARS = 600;

/** A path (with a dot or a slash in it) followed by `:line[:col]` or `(line,col)`. */
function filePlace(line: string): Place | undefined {
  const text = line.length > SCANNED_CHARS ? line.slice(0, SCANNED_CHARS) : line;
  AFTER_PATH.lastIndex = 0;
  for (let match = AFTER_PATH.exec(text); match !== null; match = AFTER_PATH.exec(text)) {
    let start = match.index;
    while (start > 0 && PATH_CHAR.test(text.charAt(start - 1))) start--;
    const file = text.slice(start, match.index);
    if (/[\w-]/.test(file.charAt(file.length - 1)) && /[./]/.test(file)) return { file, at: match[0] };
  }
  return undefined;
}
const PYTHON_LOCATION = /File "([^"]+)"(, line \d+)/;
/** shellcheck's heading over its findings: `In apt-key line 37:`. */
const IN_FILE_LINE = /^In (\S+)( line \d+):$/;

/** The place a line names, or undefined. */
export function placeOf(line: string): Place | undefined {
  if (line.startsWith('In ')) {
    const heading = IN_FILE_LINE.exec(line);
    if (heading !== null) return { file: heading[1] as string, at: heading[2] as string };
  }
  const python = line.includes('File "') ? PYTHON_LOCATION.exec(line) : null;
  if (python === null && !line.includes(':') && !line.includes('(')) return undefined;
  if (python !== null) return { file: python[1] as string, at: python[2] as string };
  return filePlace(line);
}

/** The text of the place a line names (`src/a.c:12:5`), or undefined. */
export function locationOf(line: string): string | undefined {
  const place = placeOf(line);
  return place === undefined ? undefined : place.file + place.at;
}

/** Reads the place of any line of one stream, each line at most once however often it is asked about. */
export interface PlaceReader {
  /** The place line `i` names, or undefined. */
  at(i: number): Place | undefined;
  /** The line naming a failure's place: its own, else one of the first lines of its block (rustc's ` --> `). */
  lineOf(start: number, blockEnd: number | undefined): number | undefined;
  /** A failure's words and, when its block names it on a later line (rustc's ` --> `), its place: what a repeat repeats. */
  told(start: number, blockEnd: number | undefined): string;
  /** The heading that names the place of failure line `i`, when the line names none itself (see place-headings.ts). */
  heading(i: number): number | undefined;
  /** The line whose place a fold marker names for a failure: lineOf's, else its heading's when that reads as a place. */
  namedBy(start: number, blockEnd: number | undefined): number | undefined;
}

const BLOCK_LINES_SEARCHED = 4;

/** `headingOf`: a failure line → the heading naming its place (see place-headings.ts): part of what it tells. */
export function placeReader(lines: readonly string[], headingOf?: ReadonlyMap<number, number>): PlaceReader {
  const read = new Map<number, Place | null>();
  const at = (i: number): Place | undefined => {
    let place = read.get(i);
    if (place === undefined) {
      place = placeOf(lines[i] as string) ?? null;
      read.set(i, place);
    }
    return place ?? undefined;
  };
  const lineOf = (start: number, blockEnd: number | undefined): number | undefined => {
    if (at(start) !== undefined) return start;
    if (blockEnd === undefined) return undefined;
    for (let i = start + 1; i <= Math.min(blockEnd, start + BLOCK_LINES_SEARCHED); i++) if (at(i) !== undefined) return i;
    return undefined;
  };
  const texts = new Map<number, string>();
  const told = (start: number, blockEnd: number | undefined): string => {
    let text = texts.get(start);
    if (text === undefined) {
      text = (lines[start] as string).trim();
      const line = lineOf(start, blockEnd);
      if (line !== undefined && line !== start) {
        const place = at(line) as Place;
        text += `\n${place.file}${place.at}`;
      }
      const heading = line === undefined ? headingOf?.get(start) : undefined;
      if (heading !== undefined) text += `\n${(lines[heading] as string).trim()}`;
      texts.set(start, text);
    }
    return text;
  };
  const heading = (i: number): number | undefined => (at(i) === undefined ? headingOf?.get(i) : undefined);
  const namedBy = (start: number, blockEnd: number | undefined): number | undefined => {
    const line = lineOf(start, blockEnd);
    if (line !== undefined) return line;
    const above = heading(start);
    return above !== undefined && at(above) !== undefined ? above : undefined;
  };
  return { at, lineOf, told, heading, namedBy };
}
