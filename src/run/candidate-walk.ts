// The middle of a big UTF-8 stream, scanned without decoding it: the candidate finder names the lines the notable
// test may take; only those, and the lines a kept block or the head window needs, are decoded and pushed. Every
// other line is counted into its unread run as a push would have (SparseCollector.skipPlain): its newlines are
// counted, no line is cut out.

import { settleLine } from '../condense/normalize.js';
import type { CandidateFinder } from '../condense/line-candidates.js';
import type { SparseCollector } from '../condense/sparse-lines.js';
import { countNewlines } from './count-newlines.js';

export class CandidateWalk {
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
      const raw = bytes.toString('utf8', start, newline);
      if (raw.includes('\r') || raw.includes('\x1b')) this.collector.push(settleLine(raw), undefined, false);
      else this.collector.pushOwn(raw, true);
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
      // a line the search did not name cannot be notable
      collector.pushOwn(bytes.toString('utf8', at, newline), false);
      at = newline + 1;
    }
    if (at >= to) return;
    const { count, dense } = countNewlines(bytes.subarray(at, to), this.dense);
    this.dense = dense;
    collector.skipPlain(count);
  }
}
