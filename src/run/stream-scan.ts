// The view of a stream larger than what run() holds in memory is built from its record: one pass over the file
// reads every line, keeping the end windows, the notable lines and their blocks, and one entry per run of the rest.

import { open } from 'node:fs/promises';
import { settleLine } from '../condense/normalize.js';
import { SparseCollector } from '../condense/sparse-lines.js';
import type { StreamLines } from '../condense/sparse-lines.js';
import type { Testers } from '../condense/classify.js';
import { chunkDecoder } from './decode.js';

const READ_BYTES = 1024 * 1024;
// Decoded in pieces whose text stays below V8's large-object size (128 KiB): such strings die young, where larger
// ones wait for a full collection (1 MiB pieces grew the host by 80 MB over a 100 MB scan, 32 KiB ones by 4 MB).
const DECODE_BYTES = 32 * 1024;
/** Characters of one line held whole; a longer line keeps its start (what the patterns scan) and its end. */
const LONG_LINE_CHARS = 1024 * 1024;
const LONG_LINE_START = 2000;
const LONG_LINE_END = 100;
/** Bounds on what the scan keeps: the head window and the notable lines between the windows (characters), the tail window (its lines start in the file's last 4 MiB). */
const HEAD_CHARS = 256 * 1024;
const TAIL_BYTES = 4 * 1024 * 1024;
const KEPT_CHARS = 4 * 1024 * 1024;

export interface StoredStreamScan {
  path: string;
  /** Bytes of the file that belong to the run (the capture's count). */
  bytes: number;
  /** The stream's first bytes, to pick the encoding as the in-memory view did. */
  head: Uint8Array;
  encoding?: string | undefined;
  testers: Testers;
  window: number;
}

/** Reads a stored stream once, chunk by chunk, into the lines a sparse read keeps (memory bounded whatever its size). */
export async function scanStoredStream(scan: StoredStreamScan): Promise<StreamLines> {
  const collector = new SparseCollector(scan.testers, { window: scan.window, headChars: HEAD_CHARS, keptChars: KEPT_CHARS, copyKept: true });
  const decode = chunkDecoder(scan.head, scan.encoding);
  // Only lines of the last chunks may be in the tail window: the others are placed as they come, none held, so
  // no slice of an older chunk keeps that chunk's text alive.
  let mayEnd = false;
  const lines = new LineSplitter((line, scanned) => collector.push(line, scanned, mayEnd));
  const file = await open(scan.path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (let at = 0; at < scan.bytes; ) {
      const { bytesRead } = await file.read(buffer, 0, Math.min(READ_BYTES, scan.bytes - at), at);
      if (bytesRead === 0) break;
      for (let piece = 0; piece < bytesRead; piece += DECODE_BYTES) {
        const end = Math.min(bytesRead, piece + DECODE_BYTES);
        mayEnd = at + end > scan.bytes - TAIL_BYTES;
        lines.write(decode(buffer.subarray(piece, end)));
      }
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
  lines.end();
  return collector.finish();
}

/** Splits decoded text into normalised lines, whatever the chunk boundaries; a line past 1 M characters is held in part. */
class LineSplitter {
  private carry = '';
  private long: { start: string; end: string; length: number } | undefined;

  constructor(private readonly emit: (line: string, scanned?: string) => void) {}

  write(text: string): void {
    const returns = text.includes('\r');
    const escapes = text.includes('\x1b');
    let at = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', at)) {
      const piece = text.slice(at, nl);
      at = nl + 1;
      if (this.carry === '' && this.long === undefined) this.line(piece, returns, escapes);
      else this.finishCarried(piece);
    }
    if (at < text.length) this.hold(text.slice(at));
  }

  /** The last line, when the stream does not end with a newline. */
  end(): void {
    if (this.carry !== '' || this.long !== undefined) this.finishCarried('');
  }

  private line(raw: string, returns: boolean, escapes: boolean): void {
    this.emit((returns && raw.includes('\r')) || (escapes && raw.includes('\x1b')) ? settleLine(raw) : raw);
  }

  private hold(rest: string): void {
    if (this.long !== undefined) {
      this.long.length += rest.length;
      this.long.end = (this.long.end + rest).slice(-LONG_LINE_END);
      return;
    }
    this.carry += rest;
    if (this.carry.length > LONG_LINE_CHARS) {
      this.long = { start: this.carry.slice(0, LONG_LINE_START), end: this.carry.slice(-LONG_LINE_END), length: this.carry.length };
      this.carry = '';
    }
  }

  private finishCarried(piece: string): void {
    if (this.long === undefined) {
      const raw = this.carry + piece;
      this.carry = '';
      this.line(raw, raw.includes('\r'), raw.includes('\x1b'));
      return;
    }
    this.hold(piece);
    const { start, end, length } = this.long;
    this.long = undefined;
    // as a condensed view caps it (capLine at 400: 240 characters, the count, the last 100)
    this.emit(`${start.slice(0, 240)}[… ${length - 340} chars omitted …]${end}`, settleLine(start));
  }
}
