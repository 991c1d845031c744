// What a terminal shows of a line whose only controls are colour codes (`ESC [ 0-9;: m`) and a closing carriage
// return, as bytes: the line without them. Decoding those bytes gives what settleLine gives for the decoded line
// when each colour code follows a whole character (or starts the line): the text either side of it then decodes
// apart, where the first bytes of a character cut by a code would decode as one once it is taken out.

const CARRIAGE_RETURN = 13;
const ESCAPE = 27;
const LEFT_BRACKET = 91;
const COLOUR_END = 109;

/**
 * Copies what a terminal shows of `bytes[start, end)` (one line) to `out` from `outAt` and gives where it ends; -1
 * when the line holds another control (a carriage return before its end, a cursor move) or a code inside a
 * character: only a replay tells what it shows. `out` has room for the whole line.
 */
export function copySettled(bytes: Uint8Array, start: number, end: number, out: Uint8Array, outAt: number): number {
  let at = outAt;
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === CARRIAGE_RETURN) {
      if (i !== end - 1) return -1;
    } else if (byte === ESCAPE) {
      if (!endsCharacter(bytes, start, i)) return -1;
      i = colourEnd(bytes, i, end);
      if (i === -1) return -1;
    } else out[at++] = byte;
  }
  return at;
}

/** Whether UTF-8 decoding of `bytes[start, at)` holds no first bytes of a character waiting for the rest. */
function endsCharacter(bytes: Uint8Array, start: number, at: number): boolean {
  let continuations = 0;
  let lead = at - 1;
  while (lead >= start && continuations < 4 && ((bytes[lead] as number) & 0xc0) === 0x80) {
    lead--;
    continuations++;
  }
  if (lead < start || continuations === 4) return true;
  const byte = bytes[lead] as number;
  const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return continuations + 1 >= length;
}

/** Where the colour code at `bytes[at]` (an escape) ends (its `m`), or -1 when it is no colour code. */
function colourEnd(bytes: Uint8Array, at: number, end: number): number {
  if (at + 2 >= end || bytes[at + 1] !== LEFT_BRACKET) return -1;
  for (let i = at + 2; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === COLOUR_END) return i;
    // digits, `;` and `:`
    if (byte < 48 || byte > 59) return -1;
  }
  return -1;
}

/** Whether `bytes[start, end)` holds a carriage return or an escape (a line a terminal may show otherwise). */
export function holdsControls(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === CARRIAGE_RETURN || byte === ESCAPE) return true;
  }
  return false;
}
