// The text of every line the condenser inserts. All of them are one line in square brackets
// starting with "[…" (something left out) or "[overview:" (a count over the whole stream).

export interface MarkerContext {
  recordId: string | undefined;
  stream: 'stdout' | 'stderr';
  /** Input line number → the stored stream's, when the input is an excerpt (see `CondenseOptions.cuts`). */
  storedLine?: (line: number) => number;
}

function range(context: MarkerContext, from: number, to: number): string {
  const map = context.storedLine ?? ((line: number) => line);
  return from === to ? `line ${map(from)}` : `lines ${map(from)}–${map(to)}`;
}

function fetchHint(context: MarkerContext, match: string): string {
  if (context.recordId === undefined) return '';
  return `; detail(${JSON.stringify(context.recordId)}, { selector: "${context.stream}", match: ${JSON.stringify(match)} })`;
}

/**
 * `[… lines 41–160 omitted (120); detail("r_ab12", { selector: "stdout", match: "<regex>" }) …]`, or when every
 * line of the gap has the shape of a kept line: `[… lines 41–160 omitted (120), each like line 40; detail(…) …]`.
 */
export function gapMarker(context: MarkerContext, from: number, to: number, like?: { line: number; match: string }): string {
  const each = like === undefined ? '' : `, each like line ${(context.storedLine ?? ((line: number) => line))(like.line)}`;
  const map = context.storedLine ?? ((line: number) => line);
  return `[… ${range(context, from, to)} omitted (${map(to) - map(from) + 1})${each}${fetchHint(context, like?.match ?? '<regex>')} …]`;
}

/** Follows a kept line whose look-alikes are hidden among other gaps: `[… ×37 more like the line above, among lines 12–140; detail(…) …]` */
export function foldMarker(context: MarkerContext, count: number, from: number, to: number, match: string, earlier = false): string {
  return `[… ×${count} ${earlier ? 'earlier' : 'more'} like the line above, among ${range(context, from, to)}${fetchHint(context, match)} …]`;
}

/** Replaces the middle of an over-long line. */
export function capLine(line: string, maxChars: number): string {
  if (line.length <= maxChars) return line;
  const headChars = Math.floor(maxChars * 0.6);
  const tailChars = Math.floor(maxChars * 0.25);
  const cut = line.length - headChars - tailChars;
  return `${line.slice(0, headChars)}[… ${cut} chars omitted …]${line.slice(line.length - tailChars)}`;
}

export function unexplainedFailureNote(exitCode: number | null): string {
  return exitCode === null
    ? '[… killed before exiting; no failure line recognised, the last lines are kept …]'
    : `[… exit code ${exitCode} but no failure line recognised; the last lines are kept …]`;
}
