// The middle of a big UTF-8 stream, scanned without decoding it: the candidate finder names the lines the notable
// test may take; only those, and the lines a kept block or the head window needs, are decoded and pushed. Every
// other line is counted into its unread run as a push would have (SparseCollector.skipPlain): its newlines are
// counted, no line is cut out.

import { settleLine } from '../condense/normalize.js';
import type { CandidateFinder } from '../condense/line-candidates.js';
import type { SparseCollector } from '../condense/sparse-lines.js';
import { countNewlines } from './count-newlines.js';

export class CandidateWalk {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Whether the lines counted last were short (see count-newlines.ts). */
  private dense = false;

  constructor(
    private readonly collector: SparseCollector,
    private readonly find: CandidateFinder,
  ) {}

  /** The whole lines of `bytes[from, to)` (`to` just past a newline), none of them among the stream's last lines. */
  walk(bytes: Buffer, from: number, to: number): void {
    let at = from;
    for (const start of this.find(bytes, from, to)) {
      this.plain(bytes, at, start);
      const newline = bytes.indexOf(10, start);
      const raw = this.decoder.decode(bytes.subarray(start, newline));
      this.collector.push(raw.includes('\r') || raw.includes('\x1b') ? settleLine(raw) : raw, undefined, false);
      at = newline + 1;
    }
    this.plain(bytes, at, to);
  }

  /** The lines of `bytes[from, to)` hold no candidate: read those a kept block still takes, count the rest. */
  private plain(bytes: Buffer, from: number, to: number): void {
    const { collector } = this;
    let at = from;
    while (at < to && collector.lineCount <= collector.keepsThrough()) {
      const newline = bytes.indexOf(10, at);
      collector.push(this.decoder.decode(bytes.subarray(at, newline)), undefined, false);
      at = newline + 1;
    }
    if (at >= to) return;
    const { count, dense } = countNewlines(bytes.subarray(at, to), this.dense);
    this.dense = dense;
    collector.skipPlain(count);
  }
}
