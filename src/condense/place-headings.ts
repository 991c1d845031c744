// Headings that give a finding its place: the finding itself names no file (shellcheck's `In FILE line N:` over
// the code line and its notes, Node's `FILE:LINE` over the source excerpt of an uncaught error, eslint's and
// yamllint's file name over indented findings, pytest's `____ test_x ____` over a failure). A finding kept in a
// view keeps its heading, or it would not say where it is.
import { Role } from './roles.js';

/** A heading naming the place of the lines just below it (at most NEAR_LINES on). */
const NEAR_HEADINGS: readonly RegExp[] = [
  /^\s+File ".+", line \d+/,
  /^In (?:file )?\S+ line \d+:?$/,
  /^\S*[\w)]\.[A-Za-z]\w*:\d+$/,
];
/** A heading over a section that lasts to the next such heading: a test's name, a file between rulers. */
const SECTION_HEADINGS: readonly RegExp[] = [/^(?:_{3,}|-{3,}|={3,}) \S.*\S (?:_{3,}|-{3,}|={3,})$/, /^\s*● \S/];
/** A file's name alone on a line, over the indented findings in it. */
const FILE_HEADINGS: readonly RegExp[] = [/^\S*[\w.]\.[A-Za-z]\w{0,9}:?$/];

const NEAR_LINES = 8;

const matchesAny = (patterns: readonly RegExp[], line: string): boolean => patterns.some((p) => p.test(line));
const isIndented = (line: string): boolean => line.startsWith(' ') || line.startsWith('\t');

/** Each failure line that has a heading → that heading's line. */
export function placeHeadings(lines: readonly string[], roles: Uint8Array): Map<number, number> {
  const headingOf = new Map<number, number>();
  let near = -1;
  let section = -1;
  let file = -1;
  let blanks = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') {
      if (++blanks >= 2) near = -1;
      continue;
    }
    blanks = 0;
    if (roles[i] === Role.signal) {
      const heading = isIndented(line) && file >= 0 ? file : near >= 0 && i - near <= NEAR_LINES ? near : section;
      if (heading >= 0) headingOf.set(i, heading);
      if (!isIndented(line)) file = -1;
      continue;
    }
    if (line.length > 300) continue;
    if (matchesAny(NEAR_HEADINGS, line)) near = i;
    else if (matchesAny(SECTION_HEADINGS, line)) section = i;
    else if (!isIndented(line)) file = matchesAny(FILE_HEADINGS, line) ? i : -1;
  }
  return headingOf;
}
