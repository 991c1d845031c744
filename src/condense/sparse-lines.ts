// Splitting a huge stream into one string per line costs more in keeping those strings (the garbage
// collector copies them as they survive) than in splitting. Between the two end windows only failures,
// summaries and their blocks are ever looked at, so only those are kept there; each run of other lines
// becomes one entry standing for all of them (see line-map.ts).

import { scannedPart } from './classify.js';
import type { Testers } from './classify.js';

/** A stream's lines as read: every line, or the end windows and the notable lines between, each unread run as one entry. */
export interface StreamLines {
  lines: string[];
  /** Entries standing for lines not read (index → how many stored lines); absent when every line was read. */
  unread?: Map<number, number>;
  /** Unread entries that hold a notable line: the cap on kept lines was reached (see {@link SparseLimits.keptChars}). */
  lossy?: Set<number>;
  /**
   * The text whose split on "\n" gives the lines, when it came for free (after a sparse read only the end windows
   * are its pieces: its first and last `window` lines).
   */
  joined?: string;
}

export interface SparseLimits {
  /** Lines kept at either end, every one of them. */
  window: number;
  /** Characters the end windows may hold (a stream read from disk bounds its memory so). */
  headChars?: number;
  tailChars?: number;
  /** Characters of notable lines and their blocks kept between the windows; past it they are counted in their unread run. */
  keptChars?: number;
  /** Copy each line kept between the windows (a slice of a big chunk would keep the whole chunk alive). */
  copyKept?: boolean;
}

interface Pending {
  line: string;
  keep: boolean;
  /** A string of its own: kept without a copy. */
  own?: boolean;
  /** For a cut: stored lines it stands for (the line itself is not one of them). */
  stands?: number;
}

/** Collects a stream's lines one by one into {@link StreamLines}, keeping what a sparse read keeps. */
export class SparseCollector {
  private readonly lines: string[] = [];
  private readonly unread = new Map<number, number>();
  private readonly lossy = new Set<number>();
  private ring: Pending[] = [];
  private ringStart = 0;
  private ringChars = 0;
  private headChars = 0;
  private headOpen = true;
  private keptChars = 0;
  private skipped = 0;
  private skippedNotable = false;
  private keepUntil = -1;
  private count = 0;
  private readonly blockLines: number;

  constructor(
    private readonly testers: Testers,
    private readonly limits: SparseLimits,
  ) {
    this.blockLines = Math.max(0, ...testers.blocks.map((rule) => rule.maxLines ?? 20));
  }

  /**
   * The next line of the stream, normalised (`scanned`: the part the patterns are tried on, when not the line's own
   * start). `mayEnd` false says the line cannot be among the last `window` lines: it is placed at once, not held.
   */
  push(line: string, scanned = scannedPart(line), mayEnd = true): void {
    this.add(line, scanned.length > 0 && this.testers.notable.test(scanned), mayEnd, false);
  }

  /**
   * A line not among the last `window` lines, a string of its own (kept without a copy: no chunk behind it), whose
   * notable test the caller knows the answer to when `mayBeNotable` is false (a line no candidate search names).
   */
  pushOwn(line: string, mayBeNotable: boolean): void {
    const scanned = scannedPart(line);
    this.add(line, mayBeNotable && scanned.length > 0 && this.testers.notable.test(scanned), false, true);
  }

  private add(line: string, notable: boolean, mayEnd: boolean, own: boolean): void {
    const i = this.count++;
    if (notable) this.keepUntil = i + this.blockLines;
    if (
      this.headOpen &&
      this.lines.length < this.limits.window &&
      this.headChars + line.length <= (this.limits.headChars ?? Infinity)
    ) {
      this.lines.push(line);
      this.headChars += line.length;
      return;
    }
    this.headOpen = false;
    if (mayEnd) this.enqueue({ line, keep: i <= this.keepUntil });
    else this.place({ line, keep: i <= this.keepUntil, own });
  }

  /** Lines pushed so far. */
  get lineCount(): number {
    return this.count;
  }

  /** The last line index a line pushed is kept at whatever it holds (in the head window or a block), or -1. */
  keepsThrough(): number {
    return this.headOpen ? Infinity : this.keepUntil;
  }

  /**
   * `n` lines known not to be notable, past {@link keepsThrough} and not among the last `window` lines: counted in
   * the current unread run without being read (what `push(line, scanned, false)` does with each).
   */
  skipPlain(n: number): void {
    this.count += n;
    this.skipped += n;
  }

  /** Stored lines that are not in the input (an excerpt's cut marker stands for them): one unread entry. */
  skip(storedLines: number): void {
    this.headOpen = false;
    this.enqueue({ line: '', keep: false, stands: storedLines });
  }

  finish(): StreamLines {
    for (let k = this.ringStart; k < this.ring.length; k++) {
      const entry = this.ring[k] as Pending;
      if (entry.stands !== undefined) this.skipped += entry.stands;
      else this.take(entry.line);
    }
    this.closeRun();
    return {
      lines: this.lines,
      ...(this.unread.size > 0 ? { unread: this.unread } : {}),
      ...(this.lossy.size > 0 ? { lossy: this.lossy } : {}),
    };
  }

  private enqueue(entry: Pending): void {
    this.ring.push(entry);
    this.ringChars += entry.line.length;
    while (this.ring.length - this.ringStart > this.limits.window || this.ringChars > (this.limits.tailChars ?? Infinity))
      this.evict();
    if (this.ringStart > 4096 && this.ringStart * 2 > this.ring.length) {
      this.ring = this.ring.slice(this.ringStart);
      this.ringStart = 0;
    }
  }

  /** The oldest line of the tail window leaves it. */
  private evict(): void {
    const entry = this.ring[this.ringStart] as Pending;
    this.ring[this.ringStart++] = undefined as unknown as Pending;
    this.ringChars -= entry.line.length;
    this.place(entry);
  }

  /** A line between the windows: kept when notable (or in a block), else counted in an unread run. */
  private place({ line, keep, stands, own }: Pending): void {
    if (stands !== undefined) this.skipped += stands;
    else if (keep && this.keptChars + line.length <= (this.limits.keptChars ?? Infinity)) {
      this.keptChars += line.length;
      this.take(this.limits.copyKept && own !== true ? copyOf(line) : line);
    } else {
      this.skipped++;
      if (keep) this.skippedNotable = true;
    }
  }

  private take(line: string): void {
    this.closeRun();
    this.lines.push(line);
  }

  private closeRun(): void {
    if (this.skipped === 0 && !this.skippedNotable) return;
    if (this.skippedNotable) this.lossy.add(this.lines.length);
    this.unread.set(this.lines.length, this.skipped);
    this.lines.push('');
    this.skipped = 0;
    this.skippedNotable = false;
  }
}

/** A string of its own: a slice of a chunk would keep the whole chunk in memory. */
function copyOf(line: string): string {
  return Buffer.from(line, 'utf16le').toString('utf16le');
}
