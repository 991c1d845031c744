// The middle of a big UTF-8 stream, scanned without decoding it: the candidate finder names the lines the notable
// test may take; only those, and the lines a kept block or the head window needs, are decoded and pushed. Every
// other line is counted into its unread run as a push would have (SparseCollector.skipPlain).

import { settleLine } from '../condense/normalize.js';
import type { CandidateFinder } from '../condense/line-candidates.js';
import type { SparseCollector } from '../condense/sparse-lines.js';

/** Bytes searched at once: their Latin-1 string stays below V8's large-object size, so it dies young. */
const PIECE_BYTES = 64 * 1024;

export class CandidateWalk {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(
    private readonly collector: SparseCollector,
    private readonly find: CandidateFinder,
  ) {}

  /** The whole lines of `bytes[from, to)` (`to` just past a newline), none of them among the stream's last lines. */
  walk(bytes: Buffer, from: number, to: number): void {
    for (let start = from; start < to;) {
      let end = bytes.lastIndexOf(10, Math.min(to, start + PIECE_BYTES) - 1) + 1;
      if (end <= start) end = bytes.indexOf(10, start + PIECE_BYTES) + 1;
      this.piece(bytes, start, end);
      start = end;
    }
  }

  private piece(bytes: Buffer, from: number, to: number): void {
    const text = bytes.toString('latin1', from, to);
    const { starts, indices, lines } = this.find(text, 0, text.length);
    let at = 0;
    let line = 0;
    for (let k = 0; k < starts.length; k++) {
      at = this.plain(bytes, from, text, at, line, indices[k] as number, starts[k] as number);
      line = indices[k] as number;
      const nl = text.indexOf('\n', at);
      const raw = this.decoder.decode(bytes.subarray(from + at, from + nl));
      this.collector.push(raw.includes('\r') || raw.includes('\x1b') ? settleLine(raw) : raw, undefined, false);
      at = nl + 1;
      line++;
    }
    this.plain(bytes, from, text, at, line, lines, text.length);
  }

  /** Lines `line` to `until` (exclusive) hold no candidate: read those a kept block still takes, count the rest. Returns where line `until` starts. */
  private plain(bytes: Buffer, from: number, text: string, at: number, line: number, until: number, untilAt: number): number {
    const { collector } = this;
    for (; line < until && collector.lineCount <= collector.keepsThrough(); line++) {
      const nl = text.indexOf('\n', at);
      collector.push(this.decoder.decode(bytes.subarray(from + at, from + nl)), undefined, false);
      at = nl + 1;
    }
    if (line < until) collector.skipPlain(until - line);
    return line < until ? untilAt : at;
  }
}
