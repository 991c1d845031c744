// The view of a stream larger than what run() holds in memory is built from its record: one pass over the file
// reads every line, keeping the end windows, the notable lines and their blocks, and one entry per run of the rest.
// The middle of a UTF-8 stream is not decoded: only its candidate lines are (see candidate-walk.ts).

import { StreamReader } from '../store/index.js';
import { SparseCollector } from '../condense/sparse-lines.js';
import type { StreamLines } from '../condense/sparse-lines.js';
import type { Testers } from '../condense/classify.js';
import { CandidateWalk } from './candidate-walk.js';
import { chunkDecoder, decodeText } from './decode.js';
import { LineSplitter } from './line-splitter.js';
import { tailStart } from './tail-start.js';

const READ_BYTES = 1024 * 1024;
// Decoded in pieces whose text stays below V8's large-object size (128 KiB): such strings die young, where larger
// ones wait for a full collection (1 MiB pieces grew the host by 80 MB over a 100 MB scan, 32 KiB ones by 4 MB).
const DECODE_BYTES = 32 * 1024;
/** Bounds on what the scan keeps: the head window and the notable lines between the windows (characters), the tail window (its lines start in the file's last 4 MiB, and only the last `window` + 1 lines are read line by line). */
const HEAD_CHARS = 256 * 1024;
const TAIL_BYTES = 4 * 1024 * 1024;
const KEPT_CHARS = 4 * 1024 * 1024;

export interface StoredStreamScan {
  path: string;
  /** Bytes of the file that belong to the run (the capture's count). */
  bytes: number;
  /** Where the file's direct writes began (StreamFile's `directFrom`), read the same way from there on. */
  directFrom?: number | undefined;
  /** The stream's first bytes, to pick the encoding as the in-memory view did. */
  head: Uint8Array;
  encoding?: string | undefined;
  testers: Testers;
  window: number;
}

/** Reads a stored stream once, chunk by chunk, into the lines a sparse read keeps (memory bounded whatever its size). */
export async function scanStoredStream(scan: StoredStreamScan): Promise<StreamLines> {
  const collector = new SparseCollector(scan.testers, {
    window: scan.window,
    headChars: HEAD_CHARS,
    keptChars: KEPT_CHARS,
    copyKept: true,
  });
  const decode = chunkDecoder(scan.head, scan.encoding);
  // Only lines of the last chunks may be in the tail window: the others are placed as they come, none held, so
  // no slice of an older chunk keeps that chunk's text alive.
  let mayEnd = false;
  const lines = new LineSplitter((line, scanned) => collector.push(line, scanned, mayEnd));
  const finder = scan.testers.notableCandidates;
  const walk =
    finder !== undefined && decodeText(scan.head.subarray(0, 64 * 1024), scan.encoding).encoding === 'utf-8'
      ? new CandidateWalk(collector, finder)
      : undefined;
  let tailFrom = scan.bytes - TAIL_BYTES;
  /**
   * Decodes and splits `bytes[from, to)` line by line (the file offset of `to` given, to tell the tail): a line may
   * be among the last ones when its newline is at or past `tailFrom` (a piece is cut there), as in the fast way.
   */
  const slow = (bytes: Buffer, from: number, to: number, fileTo: number): void => {
    const tailAt = tailFrom - (fileTo - to);
    for (let piece = from; piece < to;) {
      let end = Math.min(to, piece + DECODE_BYTES);
      if (piece < tailAt && tailAt < end) end = tailAt;
      mayEnd = fileTo - (to - end) > tailFrom;
      lines.write(decode(bytes.subarray(piece, end)));
      piece = end;
    }
  };
  const file = await StreamReader.open(scan.path, READ_BYTES, scan.directFrom);
  try {
    if (walk !== undefined) tailFrom = await tailStart(file, scan.bytes, scan.window, TAIL_BYTES, READ_BYTES);
    // whether the bytes read so far end inside a line: the decoder may hold the first bytes of a character of it
    // even when the splitter holds none of its text (a chunk ending in a newline and one byte of `é`)
    let inLine = false;
    for (let at = 0; at < scan.bytes;) {
      const chunk = await file.read(Math.min(READ_BYTES, scan.bytes - at), at);
      const bytesRead = chunk.length;
      if (bytesRead === 0) break;
      // the head window's lines one by one, a piece at a time, until it is full (most of the first chunk goes fast)
      let from = 0;
      while (walk !== undefined && from < bytesRead && collector.keepsThrough() === Infinity) {
        const end = Math.min(bytesRead, from + DECODE_BYTES);
        slow(chunk, from, end, at + end);
        from = end;
      }
      // then the whole lines before the tail's bytes go the fast way
      const lineOpen = from === 0 ? inLine : chunk[from - 1] !== 10;
      const beforeTail = Math.min(bytesRead, tailFrom - at);
      const fast = walk !== undefined && from < bytesRead && beforeTail > from && collector.keepsThrough() !== Infinity;
      const first = !fast ? -1 : lineOpen ? chunk.indexOf(10, from) + 1 || -1 : from;
      const last = first === -1 ? -1 : chunk.lastIndexOf(10, beforeTail - 1) + 1;
      if (walk !== undefined && first !== -1 && last > first) {
        slow(chunk, from, first, at + first);
        walk.walk(chunk, first, last);
        slow(chunk, last, bytesRead, at + bytesRead);
      } else if (from < bytesRead) slow(chunk, from, bytesRead, at + bytesRead);
      inLine = chunk[bytesRead - 1] !== 10;
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
  lines.end();
  return collector.finish();
}
