import stripAnsi from 'strip-ansi';
import { replayLine } from './terminal.js';

// eslint-disable-next-line no-control-regex
const MOVES_CURSOR = /\r|\x1b\[[0-9;]*[GKCD]/;
// eslint-disable-next-line no-control-regex
const CURSOR_MOVE_AT = /\x1b\[[0-9;]*[GKCD]/y;
// The common sequences (CSI: colours, cursor; OSC: titles, hyperlinks), removed in one fast pass;
// strip-ansi then takes whatever rarer sequence is left.
// eslint-disable-next-line no-control-regex
const COMMON_ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

// eslint-disable-next-line no-control-regex
const CURSOR_UP = /\x1b\[\d*A/;
// eslint-disable-next-line no-control-regex
const CURSOR_UPS = /\x1b\[(\d*)A/g;

/**
 * A live status area (jest, vitest, log-update) moves the cursor up over the lines it printed and
 * rewrites them: those lines are left blank, as the terminal finally shows them, keeping the count.
 */
function eraseRedrawnLines(body: string): string {
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.includes('\x1b[')) continue;
    let up = 0;
    for (const match of line.matchAll(CURSOR_UPS)) up += Number(match[1] || 1);
    for (let k = 1; k <= up && i - k >= 0; k++) lines[i - k] = '';
  }
  return lines.join('\n');
}

/** Replays the lines holding a carriage return or a cursor move, found with indexOf (the rest is copied as is). */
function replayMovedLines(body: string): string {
  const parts: string[] = [];
  let copied = 0;
  let cr = body.indexOf('\r');
  let esc = body.indexOf('\x1b[');
  while (cr !== -1 || esc !== -1) {
    const at = cr === -1 ? esc : esc === -1 ? cr : Math.min(cr, esc);
    const start = body.lastIndexOf('\n', at) + 1;
    const newline = body.indexOf('\n', at);
    const end = newline === -1 ? body.length : newline;
    CURSOR_MOVE_AT.lastIndex = at;
    if (at === cr || CURSOR_MOVE_AT.test(body)) {
      parts.push(body.slice(copied, start), replayLine(body.slice(start, end)));
      copied = end;
      if (cr !== -1 && cr < end) cr = body.indexOf('\r', end);
      if (esc !== -1 && esc < end) esc = body.indexOf('\x1b[', end);
    } else {
      esc = body.indexOf('\x1b[', at + 2);
    }
  }
  parts.push(body.slice(copied));
  return parts.join('');
}

function stripColours(text: string): string {
  const stripped = text.replace(COMMON_ANSI, '');
  return stripped.includes('\x1b') ? stripAnsi(stripped) : stripped;
}

/**
 * Splits a stream into the lines a terminal finally shows: CRLF → LF, carriage-return
 * frames replayed to their last state, ANSI codes removed. Line i of the result is line i+1
 * of the stored stream (split on `\n`), so ranges in markers point into the record.
 */
export function normalizeLines(text: string): string[] {
  if (text.length === 0) return [];
  let body = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (body.includes('\r')) body = body.replaceAll('\r\n', '\n');
  if (CURSOR_UP.test(body)) body = eraseRedrawnLines(body);
  if (MOVES_CURSOR.test(body)) body = replayMovedLines(body);
  if (body.includes('\x1b')) body = stripColours(body);
  return body.split('\n');
}

/**
 * What a terminal finally shows of a program's output: CRLF → LF, carriage-return frames and cursor
 * moves replayed, lines overwritten by a live status area left blank, ANSI codes removed. One line out per line in.
 * @public
 */
export function normalizeText(text: string): string {
  const lines = normalizeLines(text);
  if (lines.length === 0) return '';
  return lines.join('\n') + (text.endsWith('\n') ? '\n' : '');
}
