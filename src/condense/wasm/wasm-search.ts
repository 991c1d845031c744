// The byte loops of the literal search in WebAssembly (literal-scan.wat): the text is copied into the module's
// memory; the skip loop lists the windows where a literal's chosen four bytes and the literal are (each then
// checked where in its line it is, as the JavaScript loop would, see skip-search.ts), the SIMD pass the lines
// holding a short literal where it must be (see short-anchors.ts), each checked in the module.
// The same lines as the JavaScript search; undefined where this runtime has no WebAssembly SIMD.

import type { Anchors } from '../short-anchors.js';
import { windowLine } from '../skip-search.js';
import type { Entry, SkipTable } from '../skip-search.js';
import { mergeSorted } from '../sorted-merge.js';
import { LITERAL_SCAN_WASM } from './literal-scan-bytes.js';
import { gramHash, writeLiterals, writeNeedles } from './scan-tables.js';

/** Where the module's memory holds what (see literal-scan.wat). */
const SHIFT = 0;
const OPENS = 65536;
const FOUND = 131072;
const FOUND_CAPACITY = 16384;
/** Where the skip pass's second cursor lists its windows. */
const SECOND_FOUND = 163840;
const CLASSES = 196608;
const GRAM_SET = 200704;
const TEXT = 262144;
const TEXT_CAPACITY = 1024 * 1024;

interface ScanExports {
  memory: { buffer: ArrayBuffer };
  resume: { value: number };
  aFound: { value: number };
  bFound: { value: number };
  aResume: { value: number };
  bResume: { value: number };
  lineStart: { value: number };
  lastLine: { value: number };
  skip: (a: number, aTo: number, b: number, bTo: number) => void;
  anchors: (at: number, to: number) => number;
}

/** What of the WebAssembly API is used here (the compiler's lib has no DOM types). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

/** Start offsets of the lines of `bytes` (whole lines) holding a key where it must be, in order. */
export type ByteSearch = (bytes: Buffer) => number[];

interface Search {
  scan: ScanExports;
  memory: Uint8Array;
  found: Uint32Array;
  table: SkipTable | undefined;
  anchors: Anchors | undefined;
}

/**
 * The search for the keys of `table` and the needles of `anchors` in WebAssembly, or undefined without it; `fallback`
 * (the same search in JavaScript) takes a line longer than the module's memory.
 */
export function wasmSearch(
  table: SkipTable | undefined,
  anchors: Anchors | undefined,
  fallback: ByteSearch,
): ByteSearch | undefined {
  const scan = instantiate();
  if (scan === undefined) return undefined;
  const memory = new Uint8Array(scan.memory.buffer);
  if (table !== undefined) {
    for (let pair = 0; pair < 65536; pair++) {
      const littleEndian = ((pair & 0xff) << 8) | (pair >>> 8);
      memory[SHIFT + littleEndian] = table.shift[pair] as number;
      memory[OPENS + littleEndian] = table.opens[pair] as number;
    }
    for (const gram of table.buckets.flat().flatMap(spellings)) {
      const hash = gramHash(gram);
      memory[GRAM_SET + (hash >>> 3)] = (memory[GRAM_SET + (hash >>> 3)] as number) | (1 << (hash & 7));
    }
    writeLiterals(memory, table, spellings);
  }
  if (anchors !== undefined) {
    if (!writeNeedles(memory, anchors)) return undefined;
    memory.set(anchors.classes, CLASSES);
  }
  // the text starts a line
  memory[TEXT - 1] = 10;
  const search: Search = { scan, memory, found: new Uint32Array(scan.memory.buffer, FOUND, FOUND_CAPACITY), table, anchors };
  return (bytes) => {
    let starts: number[] = [];
    for (let from = 0; from < bytes.length;) {
      let to = bytes.length;
      if (to - from > TEXT_CAPACITY) to = bytes.lastIndexOf(10, from + TEXT_CAPACITY - 1) + 1;
      if (to <= from) {
        const newline = bytes.indexOf(10, from + TEXT_CAPACITY);
        to = newline === -1 ? bytes.length : newline + 1;
        starts = mergeSorted(
          starts,
          fallback(bytes.subarray(from, to)).map((start) => start + from),
        );
      } else starts = mergeSorted(starts, searchPiece(search, bytes, from, to));
      from = to;
    }
    return starts;
  };
}

/** The lines of `bytes[from, to)` (whole lines, at most the text's capacity) holding a key. */
function searchPiece(search: Search, bytes: Buffer, from: number, to: number): number[] {
  const { memory, table, anchors } = search;
  memory.set(bytes.subarray(from, to), TEXT);
  const byWindows = table === undefined ? [] : windowLines(search, bytes, from, to);
  const byAnchors = anchors === undefined ? [] : anchorLines(search, from, to);
  return mergeSorted(byWindows, byAnchors);
}

/**
 * The lines the skip pass finds in the text (copied in): two cursors, over its halves cut where a line ends (a
 * window across the cut holds a newline, so no key).
 */
function windowLines({ scan, found, table }: Search, bytes: Buffer, from: number, to: number): number[] {
  const textEnd = TEXT + (to - from);
  const cut = bytes.lastIndexOf(10, from + ((to - from) >> 1)) + 1;
  const middle = cut > from ? TEXT + (cut - from) : TEXT;
  const second = new Uint32Array(found.buffer, SECOND_FOUND, FOUND_CAPACITY / 2);
  const firstHalf: number[] = [];
  const secondHalf: number[] = [];
  const firstEnd = { line: -1 };
  const secondEnd = { line: -1 };
  const lineAt = (at: number): number => windowLine(bytes, at, table as SkipTable);
  for (let a = TEXT + 3, b = middle + 3; a < middle || b < textEnd;) {
    scan.skip(a, middle, b, textEnd);
    checkPlaces(found, scan.aFound.value, from, bytes, firstHalf, firstEnd, lineAt);
    checkPlaces(second, scan.bFound.value, from, bytes, secondHalf, secondEnd, lineAt);
    a = scan.aResume.value;
    b = scan.bResume.value;
  }
  return firstHalf.concat(secondHalf);
}

/** Checks the `count` places listed in `places` (text offsets), pushing the lines found onto `starts` (each once). */
function checkPlaces(
  places: Uint32Array,
  count: number,
  from: number,
  bytes: Buffer,
  starts: number[],
  last: { line: number },
  lineAt: (at: number) => number,
): void {
  const shift = from - TEXT;
  for (let k = 0; k < count; k++) {
    const place = (places[k] as number) + shift;
    if (place <= last.line) continue;
    const line = lineAt(place);
    if (line === -1) continue;
    starts.push(line);
    const newline = bytes.indexOf(10, place);
    last.line = newline === -1 ? bytes.length : newline;
  }
}

/** The lines the anchor pass finds in the text (copied in), each listed once by the module. */
function anchorLines({ scan, found }: Search, from: number, to: number): number[] {
  const starts: number[] = [];
  const shift = from - TEXT;
  scan.lineStart.value = TEXT;
  scan.lastLine.value = 0;
  for (let at = TEXT; at < TEXT + (to - from); at = scan.resume.value) {
    const count = scan.anchors(at, TEXT + (to - from));
    for (let k = 0; k < count; k++) starts.push((found[k] as number) + shift);
  }
  return starts;
}

/** Every spelling of an entry's chosen four bytes (both cases of a folding key's letters), as little-endian u32s. */
function spellings({ code, offset, key }: Entry): number[] {
  let grams = [0];
  for (let i = 3; i >= 0; i--) {
    const byte = code[offset + i] as number;
    const cases = key.folds && byte >= 97 && byte <= 122 ? [byte, byte - 32] : [byte];
    grams = grams.flatMap((low) => cases.map((b) => ((low << 8) | b) >>> 0));
  }
  return grams;
}

function instantiate(): ScanExports | undefined {
  try {
    const { Module, Instance } = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
    return new Instance(new Module(Buffer.from(LITERAL_SCAN_WASM, 'base64'))).exports as ScanExports;
  } catch {
    return undefined;
  }
}
