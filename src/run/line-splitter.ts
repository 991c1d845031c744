// Decoded text cut into normalised lines, whatever the chunk boundaries, for the whole-stream scan (stream-scan.ts).

import { settleLine } from '../condense/normalize.js';

/** Characters of one line held whole; a longer line keeps its start (what the patterns scan) and its end. */
const LONG_LINE_CHARS = 1024 * 1024;
const LONG_LINE_START = 2000;
const LONG_LINE_END = 100;

/** Splits decoded text into normalised lines, whatever the chunk boundaries; a line past 1 M characters is held in part. */
export class LineSplitter {
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

  /** A line is held in part, waiting for its end. */
  get holdsLine(): boolean {
    return this.carry !== '' || this.long !== undefined;
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
      this.long = {
        start: this.carry.slice(0, LONG_LINE_START),
        end: this.carry.slice(-LONG_LINE_END),
        length: this.carry.length,
      };
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
