// Where a diagnostic points: `src/a.c:12:5`, `src/a.ts(12,5)`, ` --> src/main.rs:5:9`, `a.py", line 10`.
// Lines of one shape that point at different places are different failures: none is folded away unnamed.

export interface Place {
  file: string;
  /** As the tool wrote it after the file: `:12:5`, `(12,5)`, `, line 10`. */
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

/** The place a line names, or undefined. */
export function placeOf(line: string): Place | undefined {
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

/** The place of a failure: on its own line, else on one of the first lines of its block (rustc's ` --> `). */
export function failurePlace(lines: readonly string[], start: number, blockEnd: number | undefined): Place | undefined {
  const own = placeOf(lines[start] as string);
  if (own !== undefined || blockEnd === undefined) return own;
  for (let i = start + 1; i <= Math.min(blockEnd, start + 4); i++) {
    const found = placeOf(lines[i] as string);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A marker names places up to about 1 300 tokens' worth; past that it counts the rest (their lines match its regex). */
const MAX_LISTED_CHARS = 4000;

/**
 * Places for a marker, a file named once for its run of places: `a.py:3:1, 5:1, 9:4; b.ts(1,2), (7,1)`.
 * The first place of each run is written whole, as the tool printed it, so it can be searched for.
 */
export function listPlaces(places: readonly Place[]): string {
  const parts: string[] = [];
  let file: string | undefined;
  let run: string[] = [];
  const flush = (): void => {
    if (run.length > 0) parts.push(run.join(', '));
    run = [];
  };
  let chars = 0;
  let listed = 0;
  for (const place of places) {
    if (chars > MAX_LISTED_CHARS) break;
    listed++;
    chars += place.file.length + place.at.length + 2;
    if (place.file !== file) {
      flush();
      file = place.file;
      run.push(place.file + place.at);
    } else run.push(place.at.startsWith(':') ? place.at.slice(1) : place.at);
  }
  flush();
  const more = places.length > listed ? `; … ${places.length - listed} more` : '';
  return parts.join('; ') + more;
}
