import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

const SLICE_MS = 10;

export interface LineFilter {
  /** Only lines matching it. */
  pattern?: RegExp;
  /** First line number (1-based) returned. */
  fromLine?: number;
  /** Last line number returned. */
  toLine?: number;
}

/**
 * Lines of a stored stream, each prefixed by its 1-based line number (`12: text`): those matching
 * `pattern`, within `fromLine`–`toLine`. Lines are split on "\n" only, as the condenser numbers them
 * (a carriage-return progress frame stays inside its line).
 */
export async function numberedLines(path: string, filter: LineFilter, maxBytes: number): Promise<string> {
  const exists = await stat(path).catch(() => undefined);
  if (!exists) return '';
  const { pattern, fromLine = 1, toLine = Infinity } = filter;
  const out: string[] = [];
  let size = 0;
  let cut = 0;
  let firstCut = 0;
  let sliceStart = performance.now();
  for await (const [lineNumber, raw] of linesOf(path)) {
    // A 256 KiB chunk holds thousands of lines: hand the event loop back every few ms of matching.
    if (pattern && lineNumber % 32 === 0 && performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    if (lineNumber < fromLine) continue;
    if (lineNumber > toLine) break;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (pattern) {
      pattern.lastIndex = 0;
      if (!pattern.test(line)) continue;
    }
    const entry = `${lineNumber}: ${line}`;
    if (cut > 0 || size + Buffer.byteLength(entry) + 1 > maxBytes) {
      if (cut === 0) firstCut = lineNumber;
      cut++;
      if (!pattern) break;
      continue;
    }
    out.push(entry);
    size += Buffer.byteLength(entry) + 1;
  }
  if (cut > 0) {
    out.push(
      pattern
        ? `[… ${cut} more matching lines past ${maxBytes} bytes; narrow the match, or ask from line ${firstCut} on]`
        : `[… stopped at ${maxBytes} bytes; continue from line ${firstCut}]`,
    );
  }
  return out.join('\n');
}

async function* linesOf(path: string): AsyncGenerator<[number, string]> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let lineNumber = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    pending += decoder.write(chunk as Buffer);
    let start = 0;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n', start)) {
      yield [++lineNumber, pending.slice(start, nl)];
      start = nl + 1;
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (pending !== '') yield [lineNumber + 1, pending];
}
