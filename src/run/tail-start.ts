// Where the lines that may end up in a stream's tail window start: reading the file's last bytes backwards,
// the start of the line `window + 1` lines before its end. Every line before it is placed as it comes (no
// notable test on it unless it is a candidate), so the tail of a stream of short lines costs `window` lines,
// not the 4 MiB bound's half a million.

import type { StreamReader } from '../store/index.js';

/**
 * The offset from which lines may be among the last `window` lines of the first `bytes` bytes of `file`, never
 * before `bytes - limit`, read `pieceBytes` at a time.
 */
export async function tailStart(
  file: StreamReader,
  bytes: number,
  window: number,
  limit: number,
  pieceBytes: number,
): Promise<number> {
  const floor = Math.max(0, bytes - limit);
  // the newline ending the last line may be the last byte: window + 2 newlines leave window + 1 whole lines after
  let newlinesLeft = window + 2;
  for (let end = bytes; end > floor;) {
    const from = Math.max(floor, end - pieceBytes);
    const buffer = await file.read(end - from, from);
    const bytesRead = buffer.length;
    if (bytesRead < end - from) return floor;
    for (let at = buffer.lastIndexOf(10, bytesRead - 1); at !== -1; at = at === 0 ? -1 : buffer.lastIndexOf(10, at - 1))
      if (--newlinesLeft === 0) return from + at + 1;
    end = from;
  }
  return floor;
}
