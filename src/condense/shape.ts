// The shape of a line: what stays when numbers, hashes and paths are blanked out.
// Lines of one shape differ only in those, and fold into one line with a count.

import { scratchEncoder } from './line-bytes.js';
import { UNDERLINE_RUN } from './underline.js';

const SHAPE_CHARS = 300;
const PATH = 1;
const HASH = 2;
const NUMBER = 3;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isHex(code: number): boolean {
  return isDigit(code) || (code >= 97 && code <= 102);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9;
}

const SPACE_FLAG = 1;
const HEX_FLAG = 2;
const DIGIT_FLAG = 4;
const SLASH_FLAG = 8;
const BYTE_FLAGS = new Uint8Array(256).map((_, byte) =>
  byte === 32 || byte === 9
    ? SPACE_FLAG
    : byte === 47
      ? SLASH_FLAG
      : isDigit(byte)
        ? HEX_FLAG | DIGIT_FLAG
        : isHex(byte)
          ? HEX_FLAG
          : 0,
);

const lend = scratchEncoder(4096);

/**
 * A numeric key for the line's shape (two hashes in 50 bits): each
 * whitespace-separated word holding a `/` counts as "a path", a run of 7+ hex digits as "a hash",
 * a run of digits as "a number", and runs of spaces as one. Only the first 300 characters count.
 */
export function shapeOf(line: string): number {
  const text = line.length > SHAPE_CHARS ? line.slice(0, SHAPE_CHARS) : line;
  return lend(text, (bytes, written) => shapeOfBytes(bytes, 0, written));
}

/** {@link shapeOf} of a line's UTF-8 bytes (`start` to `end`), for lines encoded together. */
export function shapeOfBytes(bytes: Uint8Array, start: number, end: number): number {
  // stop after SHAPE_CHARS UTF-16 units, as a string's first 300 characters
  let limit = end;
  if (end - start > SHAPE_CHARS) {
    let units = 0;
    for (let k = start; k < end; k++) {
      const byte = bytes[k] as number;
      if (byte < 0x80 || byte >= 0xc0) units += byte >= 0xf0 ? 2 : 1;
      if (units > SHAPE_CHARS) {
        limit = k;
        break;
      }
    }
  }
  let h1 = 0x811c9dc5;
  let h2 = 5381;
  let i = start;
  while (i < limit && ((BYTE_FLAGS[bytes[i] as number] as number) & SPACE_FLAG) !== 0) i++;
  while (i < limit) {
    // one pass over the word: its literal hashes (a digit run as one mark), and whether it is a path or a hash
    let w1 = 0x811c9dc5;
    let w2 = 5381;
    let all = HEX_FLAG;
    let previousDigit = false;
    let j = i;
    for (; j < limit; j++) {
      const code = bytes[j] as number;
      const flags = BYTE_FLAGS[code] as number;
      if ((flags & SPACE_FLAG) !== 0) break;
      all = (all & flags) | (flags & SLASH_FLAG) | (all & SLASH_FLAG);
      const digit = (flags & DIGIT_FLAG) !== 0;
      if (digit && previousDigit) continue;
      previousDigit = digit;
      const mark = digit ? NUMBER : code;
      w1 = Math.imul(w1 ^ mark, 0x01000193);
      w2 = (Math.imul(w2, 33) + mark) | 0;
    }
    if ((all & SLASH_FLAG) !== 0) w1 = w2 = PATH;
    else if ((all & HEX_FLAG) !== 0 && j - i >= 7) w1 = w2 = HASH;
    h1 = Math.imul(h1 ^ w1, 0x01000193);
    h2 = (Math.imul(h2, 33) + w2) | 0;
    while (j < limit && ((BYTE_FLAGS[bytes[j] as number] as number) & SPACE_FLAG) !== 0) j++;
    if (j < limit) {
      h1 = Math.imul(h1 ^ 32, 0x01000193);
      h2 = (Math.imul(h2, 33) + 32) | 0;
    }
    i = j;
  }
  return (h1 >>> 0) * 0x40000 + (h2 & 0x3ffff);
}

const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

const escape = (text: string): string => text.replace(SPECIAL, '\\$&');

/** The piece as a regex, each run of one punctuation character matching a run of two or more of it. */
function patternOf(piece: string): string {
  let pattern = '';
  let last = 0;
  for (const run of piece.matchAll(UNDERLINE_RUN)) {
    pattern += `${escape(piece.slice(last, run.index))}${escape(run[0].slice(0, 2))}+`;
    last = run.index + run[0].length;
  }
  return pattern + escape(piece.slice(last));
}
const MATCH_CHARS = 48;

/**
 * A short regex (source) matching every line of this line's shape, for `detail({ match })`: the
 * literal pieces the shape keeps (two characters or more, from the first words), joined by `.*`.
 * It may match a few more lines than the fold holds, never fewer.
 */
export function matchFor(line: string): string {
  const pieces = literalPieces(line);
  const long = pieces.filter((piece) => piece.length >= 2);
  const chosen = long.length > 0 ? long : pieces;
  // A line of numbers, paths and hashes only: match its count of words.
  if (chosen.length === 0)
    return `^\\s*${line
      .trim()
      .split(/\s+/)
      .slice(0, 8)
      .map(() => '\\S+')
      .join('\\s+')}`;
  const parts: string[] = [];
  let length = 0;
  for (const piece of chosen) {
    if (length >= MATCH_CHARS) break;
    const escaped = patternOf(piece);
    parts.push(escaped);
    length += escaped.length + 2;
  }
  return parts.join('.*');
}

/** The non-variable runs of the line's words, in order, as {@link shapeOf} sees them. */
function literalPieces(line: string): string[] {
  const pieces: string[] = [];
  const end = Math.min(line.length, SHAPE_CHARS);
  let i = 0;
  while (i < end) {
    while (i < end && isSpace(line.charCodeAt(i))) i++;
    let j = i;
    let slash = false;
    let hexOnly = true;
    for (; j < end && !isSpace(line.charCodeAt(j)); j++) {
      const code = line.charCodeAt(j);
      if (code === 47) slash = true;
      if (!isHex(code)) hexOnly = false;
    }
    if (!slash && !(hexOnly && j - i >= 7)) {
      let start = i;
      for (let k = i; k <= j; k++) {
        if (k === j || isDigit(line.charCodeAt(k))) {
          if (k > start) pieces.push(line.slice(start, k));
          start = k + 1;
        }
      }
    }
    i = j;
  }
  return pieces;
}
