// Splitting a huge stream into one string per line costs more in keeping those strings (the garbage
// collector copies them as they survive) than in splitting. Between the two end windows only failures,
// summaries and their blocks are ever looked at, so only those are kept there.

import { scannedPart } from './classify.js';
import type { Testers } from './classify.js';
import { CURSOR_UP, normalizeLines, normalizeToLines, settleLine } from './normalize.js';

/**
 * The first `count` lines of a stream, normalised on their own (a cursor-up redraw further on, which could
 * blank some of them in the whole stream, is not seen): enough to recognise the tool.
 */
export function firstLines(text: string, count: number): string[] {
  let end = -1;
  for (let k = 0; k < count; k++) {
    end = text.indexOf('\n', end + 1);
    if (end === -1) return normalizeLines(text);
  }
  return normalizeLines(text.slice(0, end + 1));
}

export interface StreamLines {
  lines: string[];
  /**
   * The text whose split on "\n" gives these lines, when it came for free (a sparse read leaves lines
   * between the windows blank: only the window lines are its pieces then).
   */
  joined?: string;
  /** Lines between the windows that no pattern took were left as '': the lines are not the text. */
  sparse: boolean;
}

/**
 * The stream's lines, as {@link normalizeLines} gives them; when the stream has more than `2 × window` lines and
 * no cursor-up redraws, the lines between the windows that no notable pattern takes (and that follow no such line
 * within a block's length) are left as ''. `needsEveryLine` (an overview counts them all) reads every line.
 */
export function readLines(text: string, window: number, testers: Testers, needsEveryLine: boolean): StreamLines {
  const escapes = text.includes('\x1b');
  // a live status area moving the cursor up blanks earlier lines: that needs the whole stream
  if (needsEveryLine || (escapes && CURSOR_UP.test(text))) return { ...normalizeToLines(text), sparse: false };
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  // a text this short cannot hold more lines than the windows: no need to count them
  if (body.length < 2 * window) return { ...normalizeToLines(text), sparse: false };
  const n = countLines(body);
  if (n <= 2 * window) return { ...normalizeToLines(text), sparse: false };
  const after = Math.max(...testers.blocks.map((rule) => rule.maxLines ?? 20));
  const returns = body.includes('\r');
  const lines: string[] = [];
  let keepUntil = -1;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const nl = body.indexOf('\n', at);
    const end = nl === -1 ? body.length : nl;
    const inWindow = i < window || i >= n - window;
    let line = body.slice(at, end);
    at = end + 1;
    if ((returns && line.includes('\r')) || (escapes && line.includes('\x1b'))) line = settleLine(line);
    if (inWindow || i <= keepUntil) {
      lines.push(line);
      // a block opening near the end of the head window runs on into the lines read sparsely
      if (i < window && i >= window - after && line.length > 0 && testers.notable.test(scannedPart(line))) keepUntil = i + after;
    } else if (line.length > 0 && testers.notable.test(scannedPart(line))) {
      lines.push(line);
      keepUntil = i + after;
    } else lines.push('');
  }
  return { lines, sparse: true, ...(returns || escapes ? {} : { joined: body }) };
}

function countLines(body: string): number {
  let count = 1;
  for (let nl = body.indexOf('\n'); nl !== -1; nl = body.indexOf('\n', nl + 1)) count++;
  return count;
}
