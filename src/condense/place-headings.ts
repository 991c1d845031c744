// Headings that give a finding its place: the finding itself names no file (shellcheck's `In FILE line N:` over
// the code line and its notes, Node's `FILE:LINE` over the source excerpt of an uncaught error, a Python frame over
// its exception, eslint's and yamllint's file name over indented findings, pytest's `____ test_x ____` over a
// failure). A finding kept in a view keeps its heading, or it would not say where it is.
import { Role } from './roles.js';

/** A heading naming the place of the lines just below it (at most NEAR_LINES on). */
const NEAR_HEADING = /^(?:\s+File ".+", line \d+|In (?:file )?\S+ line \d+:?$|\S*[\w)]\.[A-Za-z]\w*:\d+$)/;
/** A heading over a section that lasts to the next such heading: a test's name, a file between rulers. */
const SECTION_HEADING = /^(?:(?:_{3,}|-{3,}|={3,}) \S.*\S (?:_{3,}|-{3,}|={3,})$|\s*● \S)/;
/** A file's name alone on a line, over the indented findings in it. */
const FILE_HEADING = /^\S*[\w.]\.[A-Za-z]\w{0,9}:?$/;

const NEAR_LINES = 8;
/** How far above a failure its heading is looked for: the lines between failures further apart are never read. */
const REACH = 60;
const MAX_HEADING_CHARS = 300;

const isIndented = (line: string): boolean => line.startsWith(' ') || line.startsWith('\t');

/** Each failure line that has a heading → that heading's line. Reads at most REACH lines above each failure. */
export function placeHeadings(lines: readonly string[], roles: Uint8Array, signalCount: number): Map<number, number> {
  const headingOf = new Map<number, number>();
  if (signalCount === 0) return headingOf;
  let near = -1;
  let section = -1;
  let file = -1;
  let blanks = 0;
  let next = 0;
  for (let signal = 0; signal < lines.length; signal++) {
    if (roles[signal] !== Role.signal) continue;
    // the lines since the last one read, or the REACH lines above when the last one read is further up
    if (signal - next > REACH) {
      next = signal - REACH;
      near = section = file = -1;
      blanks = 0;
    }
    for (let i = next; i < signal; i++) {
      const line = lines[i] as string;
      if (roles[i] === Role.signal) {
        if (!isIndented(line)) file = -1;
        continue;
      }
      if (line.length === 0 || line.trim() === '') {
        if (++blanks >= 2) near = -1;
        continue;
      }
      blanks = 0;
      if (line.length > MAX_HEADING_CHARS) continue;
      if (NEAR_HEADING.test(line)) near = i;
      else if (SECTION_HEADING.test(line)) section = i;
      else if (!isIndented(line)) file = FILE_HEADING.test(line) ? i : -1;
    }
    const line = lines[signal] as string;
    const heading = isIndented(line) && file >= 0 ? file : near >= 0 && signal - near <= NEAR_LINES ? near : section;
    if (heading >= 0) headingOf.set(signal, heading);
    if (!isIndented(line)) file = -1;
    blanks = 0;
    next = signal + 1;
  }
  return headingOf;
}
