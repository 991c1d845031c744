import stripAnsi from 'strip-ansi';
import { replayLine } from './terminal.js';

// eslint-disable-next-line no-control-regex
const MOVES_CURSOR = /\r|\x1b\[[0-9;]*[GKCD]/;
// Colours and OSC sequences (titles, hyperlinks) never move the cursor: removed from the whole text in one pass.
// eslint-disable-next-line no-control-regex
const COLOURS = /\x1b\[[0-9;:]*m|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)/g;
// The common sequences (CSI: colours, cursor; OSC: titles, hyperlinks); strip-ansi then takes whatever rarer sequence is left.
// eslint-disable-next-line no-control-regex
const COMMON_ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)/g;

// eslint-disable-next-line no-control-regex
export const CURSOR_UP = /\x1b\[\d*A/;
// eslint-disable-next-line no-control-regex
const CURSOR_UPS = /\x1b\[(\d*)A/g;

/**
 * A live status area (jest, vitest, log-update) moves the cursor up over the lines it printed and
 * rewrites them: those lines are left blank, as the terminal finally shows them, keeping the count.
 */
function eraseRedrawnLines(lines: string[]): void {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.includes('\x1b[')) continue;
    let up = 0;
    for (const match of line.matchAll(CURSOR_UPS)) up += Number(match[1] || 1);
    for (let k = 1; k <= up && i - k >= 0; k++) lines[i - k] = '';
  }
}

function stripColours(text: string): string {
  const stripped = text.replace(COMMON_ANSI, '');
  return stripped.includes('\x1b') ? stripAnsi(stripped) : stripped;
}

/** One line holding a carriage return or an escape code, as the terminal finally shows it. */
export function settleLine(raw: string): string {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const shown = MOVES_CURSOR.test(line) ? replayLine(line) : line;
  return shown.includes('\x1b') ? stripColours(shown) : shown;
}

/**
 * Splits a stream into the lines a terminal finally shows: CRLF → LF, carriage-return
 * frames replayed to their last state, ANSI codes removed. Line i of the result is line i+1
 * of the stored stream (split on `\n`), so ranges in markers point into the record.
 * The text is split once; only the lines holding a carriage return or an escape code are looked at again.
 */
export function normalizeLines(text: string): string[] {
  return normalizeToLines(text).lines;
}

export interface NormalizedLines {
  lines: string[];
  /** `lines.join('\n')`, when normalising found it on the way (no line needed replaying). */
  joined?: string;
}

/** {@link normalizeLines}, with the lines' join when it comes for free. */
export function normalizeToLines(text: string): NormalizedLines {
  if (text.length === 0) return { lines: [], joined: '' };
  let body = text.endsWith('\n') ? text.slice(0, -1) : text;
  // CRLF first, in one native pass: a terminal capture ends every line so, and each would be settled alone.
  if (body.includes('\r\n')) body = body.replaceAll('\r\n', '\n');
  const escapes = body.includes('\x1b');
  if (escapes) body = body.replace(COLOURS, '');
  const lines = body.split('\n');
  const returns = body.includes('\r');
  const codes = escapes && body.includes('\x1b');
  if (!returns && !codes) return { lines, joined: body };
  if (codes && CURSOR_UP.test(body)) eraseRedrawnLines(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if ((returns && line.includes('\r')) || (codes && line.includes('\x1b'))) lines[i] = settleLine(line);
  }
  return { lines };
}

/**
 * What a terminal finally shows of a program's output: CRLF → LF, carriage-return frames and cursor
 * moves replayed, lines overwritten by a live status area left blank, ANSI codes removed. One line out per line in.
 */
export function normalizeText(text: string): string {
  const lines = normalizeLines(text);
  if (lines.length === 0) return '';
  return lines.join('\n') + (text.endsWith('\n') ? '\n' : '');
}
