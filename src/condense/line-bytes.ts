// The UTF-8 bytes of many lines at once: pricing and shaping lines from one typed array is several
// times faster than reading each string's chars (charCodeAt slows down across the many string shapes).

const MAX_ENCODED_CHARS = 16 * 1024 * 1024;
const encoder = new TextEncoder();

/** Lends the UTF-8 bytes of a text to `read`, valid only while `read` runs. */
export type LendEncoded = <T>(text: string, read: (bytes: Uint8Array, written: number) => T) => T;

/**
 * A UTF-8 encoder into a buffer of its own, grown as needed and reused by its next call. The buffer is only
 * lent to a callback, and a call made while it is lent (re-entry) encodes into a fresh buffer, so no reader
 * ever sees its bytes overwritten.
 */
export function scratchEncoder(initialBytes: number): LendEncoded {
  let scratch = new Uint8Array(initialBytes);
  let lent = false;
  return (text, read) => {
    if (lent) {
      const own = new Uint8Array(text.length * 3);
      return read(own, encoder.encodeInto(text, own).written);
    }
    if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
    lent = true;
    try {
      return read(scratch, encoder.encodeInto(text, scratch).written);
    } finally {
      lent = false;
    }
  };
}

const lendJoined = scratchEncoder(64 * 1024);

export interface EncodedLines {
  bytes: Uint8Array;
  /** Byte offset of each line's start; one more entry past the last line's end ("\n" included). */
  starts: Int32Array;
}

/**
 * Lends `read` the lines joined by "\n" as UTF-8, or undefined past 16 M characters (then lines are read one
 * by one); the bytes are valid only while `read` runs. `joined`, when given, must equal `lines.join('\n')`.
 */
export function withEncodedLines<T>(
  lines: readonly string[],
  joined: string | undefined,
  read: (encoded: EncodedLines | undefined) => T,
): T {
  let chars = 0;
  for (const line of lines) chars += line.length + 1;
  if (chars > MAX_ENCODED_CHARS) return read(undefined);
  // joining sliced strings is slow (80 MB/s here): the caller passes the text when the lines are exactly its split
  return lendJoined(joined ?? lines.join('\n'), (bytes, written) =>
    read({ bytes, starts: lineStarts(lines, bytes, written, chars) }),
  );
}

function lineStarts(lines: readonly string[], bytes: Uint8Array, written: number, chars: number): Int32Array {
  const starts = new Int32Array(lines.length + 1);
  let at = 0;
  if (written === chars - 1) {
    // all ASCII: byte offsets are character offsets
    for (let line = 1; line < lines.length; line++) starts[line] = at += (lines[line - 1] as string).length + 1;
  } else {
    // a plain loop: TypedArray indexOf costs a builtin call per line
    for (let line = 1; line < lines.length; line++) {
      while (bytes[at] !== 10) at++;
      starts[line] = ++at;
    }
  }
  starts[lines.length] = written + 1;
  return starts;
}
