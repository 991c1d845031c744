/** A line longer than this is delivered in pieces of this size, so an endless line never grows the host. */
export const MAX_LIVE_LINE_CHARS = 1024 * 1024;

/** Splits `text` after the held partial line into whole lines (long ones cut) and the new partial line. */
export function splitLines(partial: string, text: string, last: boolean): { lines: string[]; partial: string } {
  const pieces = (partial + text).split('\n');
  let rest = last ? '' : pieces.pop()!;
  if (last && pieces.at(-1) === '') pieces.pop();
  const lines: string[] = [];
  for (const piece of pieces) {
    const line = piece.endsWith('\r') ? piece.slice(0, -1) : piece;
    for (let at = 0; at < line.length || at === 0; at += MAX_LIVE_LINE_CHARS)
      lines.push(line.slice(at, at + MAX_LIVE_LINE_CHARS));
  }
  while (rest.length >= MAX_LIVE_LINE_CHARS) {
    lines.push(rest.slice(0, MAX_LIVE_LINE_CHARS));
    rest = rest.slice(MAX_LIVE_LINE_CHARS);
  }
  return { lines, partial: rest };
}
