import type { Testers } from './classify.js';
import { CURSOR_UP, normalizeLines, normalizeToLines, settleLine } from './normalize.js';
import { SparseCollector } from './sparse-lines.js';
import type { StreamLines } from './sparse-lines.js';
import type { StreamCut } from './types.js';

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

/**
 * The stream's lines, as {@link normalizeLines} gives them; when the stream has more than `2 × window` lines and
 * no cursor-up redraws, only the windows at either end and, between them, the lines a notable pattern takes (and
 * those following one within a block's length) are read: each run of other lines is one unread entry.
 * `needsEveryLine` (an overview counts them all) reads every line. A `cut` makes the input's line `markerLine`
 * an unread entry standing for the stored lines it replaced.
 */
export function readLines(text: string, window: number, testers: Testers, needsEveryLine: boolean, cut?: StreamCut): StreamLines {
  const escapes = text.includes('\x1b');
  // a live status area moving the cursor up blanks earlier lines: that needs the whole stream
  if (needsEveryLine || (escapes && CURSOR_UP.test(text))) return withCut(normalizeToLines(text), cut);
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  // a text this short cannot hold more lines than the windows: no need to count them
  if (body.length < 2 * window) return withCut(normalizeToLines(text), cut);
  const n = countLines(body);
  if (n <= 2 * window) return withCut(normalizeToLines(text), cut);
  const returns = body.includes('\r');
  const collector = new SparseCollector(testers, { window });
  const cutAt = cut === undefined ? -1 : cut.markerLine - 1;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const nl = body.indexOf('\n', at);
    const end = nl === -1 ? body.length : nl;
    let line = body.slice(at, end);
    at = end + 1;
    if (i === cutAt) {
      collector.skip((cut as StreamCut).resumesAtLine - (cut as StreamCut).markerLine);
      continue;
    }
    if ((returns && line.includes('\r')) || (escapes && line.includes('\x1b'))) line = settleLine(line);
    collector.push(line, undefined, i >= n - window);
  }
  const read = collector.finish();
  return returns || escapes || cut !== undefined ? read : { ...read, joined: body };
}

function withCut(read: { lines: string[]; joined?: string }, cut: StreamCut | undefined): StreamLines {
  if (cut === undefined || cut.markerLine > read.lines.length) return read;
  const lines = read.lines;
  lines[cut.markerLine - 1] = '';
  const stands = cut.resumesAtLine - cut.markerLine;
  if (stands === 0) return { lines: [...lines.slice(0, cut.markerLine - 1), ...lines.slice(cut.markerLine)] };
  return { lines, unread: new Map([[cut.markerLine - 1, stands]]) };
}

function countLines(body: string): number {
  let count = 1;
  for (let nl = body.indexOf('\n'); nl !== -1; nl = body.indexOf('\n', nl + 1)) count++;
  return count;
}
