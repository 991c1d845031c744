// The skip search's loop over the bytes in WebAssembly (literal-scan.wat): the text is copied into the module's
// memory, the loop lists the windows ending on a pair some chosen four bytes end on and opening on one they open
// on, and each is compared here as the JavaScript loop would (skip-search.ts). The same lines either way; without
// WebAssembly, the JavaScript loop.

import { skipSearch, windowLine } from '../skip-search.js';
import type { SkipTable } from '../skip-search.js';
import { LITERAL_SCAN_WASM } from './literal-scan-bytes.js';

/** Where the module's memory holds what (see literal-scan.wat). */
const SHIFT = 0;
const OPENS = 65536;
const FOUND = 131072;
const FOUND_CAPACITY = 16384;
const TEXT = 262144;
const TEXT_CAPACITY = 1024 * 1024;

interface ScanExports {
  memory: { buffer: ArrayBuffer };
  resume: { value: number };
  skip: (end: number, to: number) => number;
  newlines: (at: number, to: number) => number;
}

/** Start offsets of the lines of `bytes` (whole lines) holding a key of the table where it must be, in order. */
export type ByteSearch = (bytes: Buffer) => number[];

/** The search over `table`, in WebAssembly when this runtime has it (with SIMD), else in JavaScript. */
export function byteSearch(table: SkipTable, useWasm = true): ByteSearch {
  const scan = useWasm ? instantiate() : undefined;
  if (scan === undefined) return (bytes) => skipSearch(bytes, table);
  const memory = new Uint8Array(scan.memory.buffer);
  for (let pair = 0; pair < 65536; pair++) {
    const littleEndian = ((pair & 0xff) << 8) | (pair >>> 8);
    memory[SHIFT + littleEndian] = table.shift[pair] as number;
    memory[OPENS + littleEndian] = table.opens[pair] as number;
  }
  const found = new Uint32Array(scan.memory.buffer, FOUND, FOUND_CAPACITY);
  return (bytes) => {
    const starts: number[] = [];
    for (let from = 0; from < bytes.length;) {
      let to = bytes.length;
      if (to - from > TEXT_CAPACITY) to = bytes.lastIndexOf(10, from + TEXT_CAPACITY - 1) + 1;
      if (to <= from) {
        // one line longer than the module's memory: the JavaScript loop takes it
        const newline = bytes.indexOf(10, from + TEXT_CAPACITY);
        to = newline === -1 ? bytes.length : newline + 1;
        for (const start of skipSearch(bytes.subarray(from, to), table)) starts.push(from + start);
      } else searchPiece(scan, memory, found, bytes, from, to, table, starts);
      from = to;
    }
    return starts;
  };
}

/** The lines of `bytes[from, to)` (whole lines, at most the text's capacity) holding a key, pushed onto `starts`. */
function searchPiece(
  scan: ScanExports,
  memory: Uint8Array,
  found: Uint32Array,
  bytes: Buffer,
  from: number,
  to: number,
  table: SkipTable,
  starts: number[],
): void {
  memory.set(bytes.subarray(from, to), TEXT);
  const shift = from - TEXT;
  /** Windows ending at or before this offset lie on a line already found. */
  let lineEnd = -1;
  for (let end = TEXT + 3; end < TEXT + (to - from);) {
    const count = scan.skip(end, TEXT + (to - from));
    for (let k = 0; k < count; k++) {
      const at = (found[k] as number) + shift;
      if (at <= lineEnd) continue;
      const line = windowLine(bytes, at, table);
      if (line === -1) continue;
      starts.push(line);
      const newline = bytes.indexOf(10, at);
      lineEnd = newline === -1 ? bytes.length : newline;
    }
    end = scan.resume.value;
  }
}

/** What of the WebAssembly API is used here (the compiler's lib has no DOM types). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

function instantiate(): ScanExports | undefined {
  try {
    const { Module, Instance } = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
    return new Instance(new Module(Buffer.from(LITERAL_SCAN_WASM, 'base64'))).exports as ScanExports;
  } catch {
    return undefined;
  }
}
