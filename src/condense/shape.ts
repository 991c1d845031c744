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

const VARIABLE = /0x[0-9a-fA-F]+|\b[0-9a-f]{7,64}\b|(?:[\w.@~+-]*\/)+[\w.@+-]*|\d+/g;
const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

/** A regex (source) that matches the lines of this line's shape, for `detail({ match })`. */
export function matchFor(line: string): string {
  const parts: string[] = [];
  let last = 0;
  const text = line.trim().slice(0, 120);
  VARIABLE.lastIndex = 0;
  for (let m = VARIABLE.exec(text); m !== null; m = VARIABLE.exec(text)) {
    parts.push(text.slice(last, m.index).replace(SPECIAL, '\\$&').replace(/\s+/g, '\\s+'));
    parts.push(/^\d+$/.test(m[0]) ? '\\d+' : '\\S*');
    last = VARIABLE.lastIndex;
  }
  parts.push(text.slice(last).replace(SPECIAL, '\\$&').replace(/\s+/g, '\\s+'));
  const whole = parts.join('');
  let source = whole.replace(/^(?:\\S\*|\\d\+)+/, '');
  // A line that is all variable parts (`42`) would leave nothing to match: anchor the whole shape instead.
  if (source === '') source = `^${whole}$`;
  if (source.length > 80) source = source.slice(0, 80).replace(/\\[^\\]?$/, '').replace(/\\$/, '');
  return source;
}
