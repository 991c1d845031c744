// The UTF-8 bytes of many lines at once: pricing and shaping lines from one typed array is several
// times faster than reading each string's chars (charCodeAt slows down across the many string shapes).

const MAX_ENCODED_CHARS = 16 * 1024 * 1024;
const encoder = new TextEncoder();

/**
 * A UTF-8 encoder into a buffer of its own, grown as needed and reused by its next call. Each user keeps its own:
 * pricing reads one encoding while estimating a long line encodes another.
 */
export function scratchEncoder(initialBytes: number): (text: string) => { bytes: Uint8Array; written: number } {
  let scratch = new Uint8Array(initialBytes);
  return (text) => {
    if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
    return { bytes: scratch, written: encoder.encodeInto(text, scratch).written };
  };
}

const encodeJoined = scratchEncoder(64 * 1024);

export interface EncodedLines {
  bytes: Uint8Array;
  /** Byte offset of each line's start; one more entry past the last line's end ("\n" included). */
  starts: Int32Array;
}

/**
 * The lines joined by "\n" as UTF-8, or undefined past 16 M characters (then lines are read one by one).
 * The bytes live in a buffer reused by the next call: read them before encoding other lines. `joined`, when
 * given, must equal `lines.join('\n')`.
 */
export function encodeLines(lines: readonly string[], joined?: string): EncodedLines | undefined {
  let chars = 0;
  for (const line of lines) chars += line.length + 1;
  if (chars > MAX_ENCODED_CHARS) return undefined;
  // joining sliced strings is slow (80 MB/s here): the caller passes the text when the lines are exactly its split
  const { bytes, written } = encodeJoined(joined ?? lines.join('\n'));
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
  return { bytes, starts };
}
