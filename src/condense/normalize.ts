import stripAnsi from 'strip-ansi';
import { needsReplay, replayLine } from './terminal.js';

/**
 * Splits a stream into the lines a terminal finally shows: CRLF → LF, carriage-return
 * frames replayed to their last state, ANSI codes removed. Line i of the result is line i+1
 * of the stored stream (split on `\n`), so ranges in markers point into the record.
 */
export function normalizeLines(text: string): string[] {
  if (text.length === 0) return [];
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines = body.split('\n');
  const hasEscape = text.includes('\x1b');
  const hasCr = text.includes('\r');
  if (!hasEscape && !hasCr) return lines;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    if (hasCr && line.endsWith('\r')) line = line.slice(0, -1);
    if (needsReplay(line)) line = replayLine(line);
    if (line.includes('\x1b')) line = stripAnsi(line);
    lines[i] = line;
  }
  return lines;
}

/** The normalised text: lines joined with `\n`, with a final newline when the input had one. */
export function normalizeText(text: string): string {
  const lines = normalizeLines(text);
  if (lines.length === 0) return '';
  return lines.join('\n') + (text.endsWith('\n') || text.endsWith('\r\n') ? '\n' : '');
}
