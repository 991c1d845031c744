// The shape of a line: what stays when numbers, hashes and paths are blanked out.
// Lines of one shape differ only in those, and fold into one line with a count.

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

function fnv(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

function djb(hash: number, code: number): number {
  return (Math.imul(hash, 33) + code) | 0;
}

/**
 * A numeric key for the line's shape (two hashes in 50 bits): each
 * whitespace-separated word holding a `/` counts as "a path", a run of 7+ hex digits as "a hash",
 * a run of digits as "a number", and runs of spaces as one.
 */
export function shapeOf(line: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 5381;
  const end = Math.min(line.length, SHAPE_CHARS);
  let i = 0;
  while (i < end && isSpace(line.charCodeAt(i))) i++;
  while (i < end) {
    let j = i;
    let slash = false;
    let hexOnly = true;
    for (; j < end && !isSpace(line.charCodeAt(j)); j++) {
      const code = line.charCodeAt(j);
      if (code === 47) slash = true;
      if (!isHex(code)) hexOnly = false;
    }
    const word = slash ? PATH : hexOnly && j - i >= 7 ? HASH : 0;
    if (word !== 0) {
      h1 = fnv(h1, word);
      h2 = djb(h2, word);
    } else {
      for (let k = i; k < j; k++) {
        const code = line.charCodeAt(k);
        if (isDigit(code) && k + 1 < j && isDigit(line.charCodeAt(k + 1))) continue;
        const mark = isDigit(code) ? NUMBER : code;
        h1 = fnv(h1, mark);
        h2 = djb(h2, mark);
      }
    }
    while (j < end && isSpace(line.charCodeAt(j))) j++;
    if (j < end) {
      h1 = fnv(h1, 32);
      h2 = djb(h2, 32);
    }
    i = j;
  }
  return (h1 >>> 0) * 0x40000 + (h2 & 0x3ffff);
}

/**
 * {@link shapeOf} over UTF-8 bytes (`start` to `end`), for lines encoded together: the same classes of lines,
 * though a line holding non-ASCII characters gets another number than from `shapeOf`.
 */
export function shapeOfBytes(bytes: Uint8Array, start: number, end: number): number {
  let h1 = 0x811c9dc5;
  let h2 = 5381;
  // stop after SHAPE_CHARS UTF-16 units, as shapeOf does
  let units = 0;
  let limit = end;
  for (let k = start; end - start > SHAPE_CHARS && k < end; k++) {
    const byte = bytes[k] as number;
    if (byte < 0x80 || byte >= 0xc0) units += byte >= 0xf0 ? 2 : 1;
    if (units > SHAPE_CHARS) {
      limit = k;
      break;
    }
  }
  let i = start;
  while (i < limit && isSpace(bytes[i] as number)) i++;
  while (i < limit) {
    let j = i;
    let slash = false;
    let hexOnly = true;
    for (; j < limit && !isSpace(bytes[j] as number); j++) {
      const code = bytes[j] as number;
      if (code === 47) slash = true;
      if (!isHex(code)) hexOnly = false;
    }
    const word = slash ? PATH : hexOnly && j - i >= 7 ? HASH : 0;
    if (word !== 0) {
      h1 = fnv(h1, word);
      h2 = djb(h2, word);
    } else {
      for (let k = i; k < j; k++) {
        const code = bytes[k] as number;
        if (isDigit(code) && k + 1 < j && isDigit(bytes[k + 1] as number)) continue;
        const mark = isDigit(code) ? NUMBER : code;
        h1 = fnv(h1, mark);
        h2 = djb(h2, mark);
      }
    }
    while (j < limit && isSpace(bytes[j] as number)) j++;
    if (j < limit) {
      h1 = fnv(h1, 32);
      h2 = djb(h2, 32);
    }
    i = j;
  }
  return (h1 >>> 0) * 0x40000 + (h2 & 0x3ffff);
}

const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;
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
  if (chosen.length === 0) return `^\\s*${line.trim().split(/\s+/).slice(0, 8).map(() => '\\S+').join('\\s+')}`;
  const parts: string[] = [];
  let length = 0;
  for (const piece of chosen) {
    if (length >= MATCH_CHARS) break;
    const escaped = piece.replace(SPECIAL, '\\$&');
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
