import { withEncodedLines } from './line-bytes.js';
import type { EncodedLines } from './line-bytes.js';
import { capLine } from './cut-line.js';
import type { LineMap } from './line-map.js';
import { Role } from './roles.js';
import { shapeOfBytes } from './shape.js';
import { countTokenBytes, estimateTokens } from './tokens.js';

export interface Priced {
  /** Tokens each line costs as shown (capped, plus its newline); 0 where not priced. */
  costs: Float64Array;
  /** Each priced line's shape (see shapeOf), NaN where not taken. */
  shapes: Float64Array;
  /** The stream's estimated tokens: the window's, extrapolated to every line, long lines counted whole. */
  tokens: number;
}

/**
 * Prices the lines within `window` of either end, and the failures and summaries between (the
 * ordinary lines there are never shown one by one). Window lines are read from one UTF-8 encoding per end;
 * `joined`, when given, is `lines.join('\n')`. Unread entries cost nothing; the total is extrapolated to `map.total` lines.
 */
export function priceLines(
  lines: readonly string[],
  roles: Uint8Array,
  window: number,
  maxLineChars: number,
  map: LineMap,
  joined?: string,
): Priced {
  const n = lines.length;
  const costs = new Float64Array(n);
  const shapes = new Float64Array(n).fill(Number.NaN);
  let windowTokens = 0;
  let windowLines = 0;
  // Selection prices a long line as shown (capped); the total prices it whole, so a single huge line never passes through.
  let uncappedExtra = 0;
  /** The part of `joined` holding lines from–to (a window at an end: its lines are pieces of `joined` even after a sparse read). */
  const piece = (from: number, to: number): string | undefined => {
    if (joined === undefined) return undefined;
    if (from === 0 && to === n) return joined;
    let chars = -1;
    for (let i = from; i < to; i++) chars += (lines[i] as string).length + 1;
    return from === 0 ? joined.slice(0, chars) : joined.slice(joined.length - chars);
  };
  const price = (from: number, to: number, inWindow: boolean): void => {
    if (inWindow)
      withEncodedLines(from === 0 && to === n ? lines : lines.slice(from, to), piece(from, to), (encoded) =>
        priceRun(from, to, true, encoded),
      );
    else priceRun(from, to, false, undefined);
  };
  const priceRun = (from: number, to: number, inWindow: boolean, encoded: EncodedLines | undefined): void => {
    for (let i = from; i < to; i++) {
      if ((!inWindow && roles[i] === Role.normal) || map.unread?.[i] === 1) continue;
      const line = lines[i] as string;
      const long = line.length > maxLineChars;
      let cost: number;
      if (encoded === undefined) cost = estimateTokens(long ? capLine(line, maxLineChars) : line) + 1;
      else {
        const start = encoded.starts[i - from] as number;
        const end = (encoded.starts[i - from + 1] as number) - 1;
        cost = long
          ? estimateTokens(capLine(line, maxLineChars)) + 1
          : Math.round(countTokenBytes(encoded.bytes, start, end)) + 1;
        shapes[i] = shapeOfBytes(encoded.bytes, start, end);
      }
      costs[i] = cost;
      if (inWindow) {
        windowTokens += cost;
        windowLines++;
        if (long) uncappedExtra += estimateTokens(line) + 1 - cost;
      }
    }
  };
  if (n <= 2 * window) price(0, n, true);
  else {
    price(0, window, true);
    price(window, n - window, false);
    price(n - window, n, true);
  }
  const tokens =
    (windowLines === map.total ? windowTokens : Math.round((windowTokens / Math.max(1, windowLines)) * map.total)) +
    uncappedExtra;
  return { costs, shapes, tokens };
}
