import stripAnsi from 'strip-ansi';
import { replayLine } from './terminal.js';

// eslint-disable-next-line no-control-regex
const MOVES_CURSOR = /\r|\x1b\[[0-9;]*[GKCD]/;
// eslint-disable-next-line no-control-regex
const LINE_WITH_MOVES = /^[^\n]*?(?:\r|\x1b\[[0-9;]*[GKCD])[^\n]*/gm;
// The common sequences (CSI: colours, cursor; OSC: titles, hyperlinks), removed in one fast pass;
// strip-ansi then takes whatever rarer sequence is left.
// eslint-disable-next-line no-control-regex
const COMMON_ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

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
  if (MOVES_CURSOR.test(body)) body = body.replace(LINE_WITH_MOVES, replayLine);
  if (body.includes('\x1b')) body = stripColours(body);
  return body.split('\n');
}

/** The normalised text: lines joined with `\n`, with a final newline when the input had one. */
export function normalizeText(text: string): string {
  const lines = normalizeLines(text);
  if (lines.length === 0) return '';
  return lines.join('\n') + (text.endsWith('\n') ? '\n' : '');
}
