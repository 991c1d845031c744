// The text of every line the condenser inserts. All of them are one line in square brackets
// starting with "[…" (something left out) or "[overview:" (a count over the whole stream).

// Every line number a marker prints is the stored stream's (what `detail(id, { fromLine, toLine })` takes).

export interface MarkerContext {
  recordId: string | undefined;
  stream: 'stdout' | 'stderr';
}

/** About what a gap marker after a stream's first costs (`[… lines 41–160 omitted (120)]`: 10 tokens, 12 for wider ranges). */
export const LATER_GAP_MARKER_TOKENS = 11;

function range(from: number, to: number): string {
  return from === to ? `line ${from}` : `lines ${from}–${to}`;
}

/** How to fetch what a marker stands for; given in full once per stream (`withCall`), later markers stay short. */
function fetchHint(
  context: MarkerContext,
  withCall: boolean,
  fetch: { fromLine: number; toLine: number } | { match: string },
): string {
  if (context.recordId === undefined) return '';
  if (!withCall) return 'match' in fetch ? `; match ${JSON.stringify(fetch.match)}` : '';
  const args =
    'match' in fetch ? `match: ${JSON.stringify(fetch.match)}` : `fromLine: ${fetch.fromLine}, toLine: ${fetch.toLine}`;
  return `; detail(${JSON.stringify(context.recordId)}, { selector: "${context.stream}", ${args} })`;
}

/**
 * `[… lines 41–160 omitted (120); detail("r_ab12", { selector: "stdout", fromLine: 41, toLine: 160 })]` for the first
 * marker of a stream, `[… lines 41–160 omitted (120)]` after it, or when every line of the gap has the shape of a
 * kept line: `[… lines 41–160 omitted (120), each like line 40]`.
 */
export function gapMarker(context: MarkerContext, from: number, to: number, withCall: boolean, like?: { line: number }): string {
  const each = like === undefined ? '' : `, each like line ${like.line}`;
  return `[… ${range(from, to)} omitted (${to - from + 1})${each}${fetchHint(context, withCall, { fromLine: from, toLine: to })}]`;
}

/**
 * Follows a kept line whose look-alikes are hidden among other gaps: `[… ×37 more like the line above, among lines 12–140; match "…" …]`;
 * hidden failures that differ from the shown ones are named by the lines they are on: `…, among lines 12–140, at a.c:4:2, also line 9; b.c:3:3; match …`.
 */
export function foldMarker(
  context: MarkerContext,
  withCall: boolean,
  count: number,
  from: number,
  to: number,
  match: string,
  earlier = false,
  places = '',
): string {
  const at = places === '' ? '' : `, at ${places}`;
  return `[… ×${count} ${earlier ? 'earlier' : 'more'} like the line above, among ${range(from, to)}${at}${fetchHint(context, withCall, { match })} …]`;
}

export function unexplainedFailureNote(exitCode: number | null): string {
  return exitCode === null
    ? '[… killed before exiting; no failure line recognised, the last lines are kept …]'
    : `[… exit code ${exitCode} but no failure line recognised; the last lines are kept …]`;
}
