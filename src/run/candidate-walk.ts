// The middle of a big UTF-8 stream, scanned without decoding it: the candidate finder names the lines the notable
// test may take; only those, and the lines a kept block or the head window needs, are decoded and pushed. Every
// other line is counted into its unread run as a push would have (SparseCollector.skipPlain): its newlines are
// counted, no line is cut out. A line named for its colour codes or closing carriage return alone (`✓ passes\r`)
// is searched again as a terminal shows it (see settled-bytes.ts), all such lines of a range at once: only those
// named again are decoded.

import { settleLine } from '../condense/normalize.js';
import type { CandidateFinder } from '../condense/line-candidates.js';
import { copySettled, holdsControls } from '../condense/settled-bytes.js';
import type { SparseCollector } from '../condense/sparse-lines.js';
import { NewlineCounter } from './newline-counter.js';

/** A candidate line as the walk reads it: where it is, and where its settled bytes are when searched again. */
interface Candidate {
  start: number;
  newline: number;
  /** Where its settled bytes start in the scratch buffer, -1 when it is read as it is (or replayed). */
  settledAt: number;
  settledEnd: number;
  /** Whether the line may be notable: named for a key, or replayed, or named again once settled. */
  named: boolean;
}

export class CandidateWalk {
  /** The newlines of the lines passed over (WebAssembly SIMD once past the first MiB, see newline-counter.ts). */
  private readonly newlines = new NewlineCounter();
  /** The settled bytes of the lines searched again, one a line. */
  private scratch = Buffer.alloc(0);

  constructor(
    private readonly collector: SparseCollector,
    private readonly find: CandidateFinder,
  ) {}

  /** The whole lines of `bytes[from, to)` (`to` just past a newline), none of them among the stream's last lines. */
  walk(bytes: Buffer, from: number, to: number): void {
    let at = from;
    for (const candidate of this.candidates(bytes, from, to)) {
      if (!candidate.named) continue;
      const { start, newline, settledAt } = candidate;
      this.plain(bytes, at, start);
      if (settledAt !== -1) this.collector.pushOwn(this.scratch.toString('utf8', settledAt, candidate.settledEnd), true);
      else {
        const raw = bytes.toString('utf8', start, newline);
        if (raw.includes('\r') || raw.includes('\x1b')) this.collector.push(settleLine(raw), undefined, false);
        else this.collector.pushOwn(raw, true);
      }
      at = newline + 1;
    }
    this.plain(bytes, at, to);
  }

  /** The lines the finder names; those with colour codes or a closing carriage return only, searched again settled. */
  private candidates(bytes: Buffer, from: number, to: number): Candidate[] {
    const candidates: Candidate[] = [];
    let used = 0;
    for (const start of this.find(bytes, from, to)) {
      const newline = bytes.indexOf(10, start);
      const candidate: Candidate = { start, newline, settledAt: -1, settledEnd: -1, named: true };
      candidates.push(candidate);
      if (!holdsControls(bytes, start, newline)) continue;
      if (this.scratch.length < used + newline - start + 1)
        this.scratch = Buffer.concat([
          this.scratch.subarray(0, used),
          Buffer.alloc(Math.max(64 * 1024, 2 * (newline - start + 1))),
        ]);
      const end = copySettled(bytes, start, newline, this.scratch, used);
      if (end === -1) continue;
      this.scratch[end] = 10;
      Object.assign(candidate, { settledAt: used, settledEnd: end, named: false });
      used = end + 1;
    }
    if (used === 0) return candidates;
    const named = this.find(this.scratch, 0, used);
    let k = 0;
    for (const candidate of candidates) {
      if (candidate.settledAt === -1) continue;
      while (k < named.length && (named[k] as number) < candidate.settledAt) k++;
      candidate.named = named[k] === candidate.settledAt;
    }
    return candidates;
  }

  /** The lines of `bytes[from, to)` hold no candidate: read those a kept block still takes, count the rest. */
  private plain(bytes: Buffer, from: number, to: number): void {
    const { collector } = this;
    let at = from;
    while (at < to && collector.lineCount <= collector.keepsThrough()) {
      const newline = bytes.indexOf(10, at);
      const raw = bytes.toString('utf8', at, newline);
      // a line the search did not name cannot be notable; one it named for its controls alone is shown settled
      if (raw.includes('\r') || raw.includes('\x1b')) collector.push(settleLine(raw), undefined, false);
      else collector.pushOwn(raw, false);
      at = newline + 1;
    }
    if (at >= to) return;
    collector.skipPlain(this.newlines.count(bytes.subarray(at, to)));
  }
}
