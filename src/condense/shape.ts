// The shape of a line: what stays when numbers, hashes and paths are blanked out.
// Lines of one shape differ only in those, and fold into one line with a count.

const VARIABLE = /0x[0-9a-fA-F]+|\b[0-9a-f]{7,64}\b|(?:[\w.@~+-]*\/)+[\w.@+-]*|\d+/g;

export function shapeOf(line: string): string {
  const head = line.length > 300 ? line.slice(0, 300) : line;
  return head.replace(VARIABLE, '\u0000').replace(/\s+/g, ' ').trim();
}

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
  let source = parts.join('').replace(/^(?:\\S\*|\\d\+)+/, '');
  if (source.length > 80) source = source.slice(0, 80).replace(/\\[^\\]?$/, '').replace(/\\$/, '');
  return source;
}
