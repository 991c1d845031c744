// A failing output that fits its budget: its failures, their blocks, headings and summaries are shown, and of its
// ordinary lines only those next to a failure and the command's last lines; the rest fold into exact gap markers.
// The distances were chosen by measurement on the tune half of the outsider captures and the 56 own fixtures
// (docs/condense.md).
import { isInstalledPath, isOwnFrame } from './context.js';
import { placeOf } from './locations.js';
import { hasProblemWord } from './overview/problem-words.js';
import { Role } from './roles.js';

/** Lines (not blank) shown before each failure and after it (after its block). */
const NEAR_FAILURE = 1;
/** The command's last lines, shown whatever they are: where a run says how it ended. */
const LAST_LINES = 3;
/** Most lines indented under a failure shown as its details. */
const DETAIL_LINES = 6;

/** Phrases that say something went wrong, whatever the tool, besides the problem words of trees and tables. */
const PROBLEM_PHRASE =
  /\b(?:problems?|undefined|unresolved|not (?:installed|found|defined|allowed|permitted)|cannot|can't|could not|unable to|no such|out of range)\b/i;

/** Marks the NEAR_FAILURE lines that are not blank from `from` on (blank ones between them too). */
function markNear(lines: readonly string[], near: Uint8Array, from: number, step: 1 | -1): void {
  let taken = 0;
  for (let j = from; j >= 0 && j < lines.length && taken < NEAR_FAILURE; j += step) {
    near[j] = 1;
    if ((lines[j] as string).trim() !== '') taken++;
  }
}

function indentOf(line: string): number {
  return line.trim() === '' ? -1 : line.length - line.trimStart().length;
}

/** An ordinary line that still says something of a failure: it names a place in the program, a frame of its own code, or a problem word. */
function tells(line: string): boolean {
  const place = placeOf(line);
  return (place !== undefined && !isInstalledPath(line)) || isOwnFrame(line) || hasProblemWord(line) || PROBLEM_PHRASE.test(line);
}

/**
 * 1 for each ordinary line of a failing stream that is neither next to a failure nor among its last lines, added to
 * `hidden` (the runs of look-alikes already hidden). A stream without failures keeps `hidden` as it is.
 */
export function foldAwayFromFailures(
  lines: readonly string[],
  roles: Uint8Array,
  blockEnds: ReadonlyMap<number, number>,
  hidden: Uint8Array,
): Uint8Array {
  const n = lines.length;
  const near = new Uint8Array(n);
  let failures = 0;
  for (let i = 0; i < n; i++) {
    if (roles[i] !== Role.signal) continue;
    failures++;
    const end = blockEnds.get(i) ?? i;
    markNear(lines, near, i - 1, -1);
    markNear(lines, near, end + 1, 1);
    // the lines indented under a failure are its details (dpkg's `x depends on y; however:`)
    const indent = indentOf(lines[i] as string);
    for (let j = end + 1; j < n && j <= end + DETAIL_LINES && indentOf(lines[j] as string) > indent; j++) near[j] = 1;
  }
  if (failures === 0) return hidden;
  let last = 0;
  for (let i = n - 1; i >= 0 && last < LAST_LINES; i--) {
    if ((lines[i] as string).trim() === '') continue;
    near[i] = 1;
    last++;
  }
  const folded = hidden.slice();
  for (let i = 0; i < n; i++) if (roles[i] === Role.normal && near[i] === 0 && !tells(lines[i] as string)) folded[i] = 1;
  return folded;
}
