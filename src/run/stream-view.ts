import stripAnsi from 'strip-ansi';
import { decodeText, looksBinary } from './decode.js';
import type { CapturedStream } from './stream-capture.js';

/** The text of one stream as a model may see it, before condensing. */
export interface StreamView {
  /** ANSI stripped. */
  text: string;
  /** As decoded, ANSI and carriage returns kept (what the condenser reads). */
  raw: string;
  /** Bytes of the stream that are not in `text` (the middle of a long stream). */
  truncatedBytes: number;
  isBinary: boolean;
  lines: number;
  totalBytes: number;
  /** Where the view's cut marker is, and which stored line follows it (for outputs past the inline cap). */
  cut?: { markerLine: number; resumesAtLine: number };
}

/**
 * Decodes what was captured of a stream: the whole of it when it fits `inlineMaxBytes`, else
 * its head and tail around a marker that says how many bytes were left out and how to page them.
 * ANSI escapes are stripped here; the record keeps the raw bytes.
 */
export function streamView(
  captured: CapturedStream,
  name: 'stdout' | 'stderr',
  recordId: string,
  inlineMaxBytes: number,
  encoding?: string,
): StreamView {
  // Each view is written out whole: a property after a spread of `{ lines, totalBytes }` takes V8's slow path (Node 20).
  const { lines, totalBytes } = captured;
  if (totalBytes === 0) return { lines, totalBytes, text: '', raw: '', truncatedBytes: 0, isBinary: false };
  if (looksBinary(captured.head)) {
    const text = `[binary output: ${captured.totalBytes} bytes, not shown; read("${recordId}", "${name}") returns it]`;
    return {
      lines,
      totalBytes,
      text,
      raw: text,
      truncatedBytes: captured.totalBytes,
      isBinary: true,
    };
  }
  if (captured.totalBytes <= inlineMaxBytes) {
    const raw = decodeText(captured.head, encoding).text;
    return { lines, totalBytes, text: stripAnsi(raw), raw, truncatedBytes: 0, isBinary: false };
  }
  const half = Math.floor(inlineMaxBytes / 2);
  const head = decodeText(captured.head.subarray(0, half), encoding).text;
  const tail = decodeText(captured.tail.subarray(Math.max(0, captured.tail.length - half)), encoding).text;
  const left = captured.totalBytes - half - Math.min(half, captured.tail.length);
  const marker = `[… ${left} bytes of ${name} not shown (bytes ${half}–${half + left}); read("${recordId}", "${name}", { offset: ${half} }) pages them, detail("${recordId}", { selector: "${name}", match }) searches them …]`;
  const raw = `${head}\n${marker}\n${tail}`;
  const markerLine = head.split('\n').length + 1;
  const tailLines = tail.split('\n').length - (tail.endsWith('\n') ? 1 : 0);
  const cut = { markerLine, resumesAtLine: Math.max(markerLine, captured.lines - tailLines + 1) };
  return { lines, totalBytes, text: stripAnsi(raw), raw, truncatedBytes: left, isBinary: false, cut };
}
