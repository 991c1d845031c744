// The skip search over four-byte windows (Wu–Manber over byte pairs): a table says, for the last two bytes of a
// window of four, how far the window may move before it can hold the chosen four bytes of some literal; most
// windows of ordinary text move three bytes at once, and only the few ending on such a pair are compared.
// The loop over the bytes runs in WebAssembly where it can (see wasm/wasm-search.ts), here otherwise.

import { byteRarity } from './byte-rarity.js';
import { leadingSpacesEnd } from './line-spaces.js';
import type { SearchKey } from './search-key.js';

export const GRAM = 4;
const FOLD = Uint8Array.from({ length: 256 }, (_, b) => (b >= 65 && b <= 90 ? b | 0x20 : b));

export interface Entry {
  key: SearchKey;
  /** The key's bytes, folded when it folds. */
  code: Uint8Array;
  /** Where its chosen four bytes start in it. */
  offset: number;
}

/**
 * For a window of four bytes ending on a pair: how far it may move (`shift`); whether a pair opens some chosen four
 * bytes (`opens`); the entries whose four end on it (`buckets[bucketOf[pair]]`). Pairs are 16-bit numbers (first
 * byte high), both cases of a folding key's letters entered.
 */
export interface SkipTable {
  shift: Uint8Array;
  opens: Uint8Array;
  bucketOf: Int32Array;
  buckets: Entry[][];
}

/** The table for keys of four bytes or more. */
export function skipTable(keys: readonly SearchKey[]): SkipTable {
  const table: SkipTable = {
    shift: new Uint8Array(65536).fill(GRAM - 1),
    opens: new Uint8Array(65536),
    bucketOf: new Int32Array(65536).fill(-1),
    buckets: [],
  };
  for (const entry of keys.map(toEntry)) {
    const gram = entry.code.subarray(entry.offset, entry.offset + GRAM);
    for (let q = 1; q < GRAM; q++) {
      for (const pair of pairs(gram[q - 1] as number, gram[q] as number, entry.key.folds)) {
        table.shift[pair] = Math.min(table.shift[pair] as number, GRAM - 1 - q);
        if (q === 1) table.opens[pair] = 1;
        if (q === GRAM - 1) {
          if (table.bucketOf[pair] === -1) table.bucketOf[pair] = table.buckets.push([]) - 1;
          table.buckets[table.bucketOf[pair] as number]!.push(entry);
        }
      }
    }
  }
  return table;
}

function pairs(first: number, second: number, folds: boolean): number[] {
  const cases = (b: number): number[] => (folds && b >= 97 && b <= 122 ? [b, b - 32] : [b]);
  return cases(first).flatMap((a) => cases(second).map((b) => (a << 8) | b));
}

export function skipSearch(bytes: Buffer, table: SkipTable): number[] {
  const { shift, opens } = table;
  const starts: number[] = [];
  const to = bytes.length;
  for (let end = GRAM - 1; end < to;) {
    const pair = ((bytes[end - 1] as number) << 8) | (bytes[end] as number);
    const step = shift[pair] as number;
    if (step !== 0) {
      end += step;
      continue;
    }
    const line = opens[((bytes[end - 3] as number) << 8) | (bytes[end - 2] as number)] === 1 ? windowLine(bytes, end, table) : -1;
    if (line === -1) end++;
    else {
      starts.push(line);
      const newline = bytes.indexOf(10, end);
      end = newline === -1 ? to : newline + GRAM;
    }
  }
  return starts;
}

/** For a window ending at `end` on a pair some chosen four end on: the start of its line when a key is there, else -1. */
export function windowLine(bytes: Buffer, end: number, { bucketOf, buckets }: SkipTable): number {
  const bucket = buckets[bucketOf[((bytes[end - 1] as number) << 8) | (bytes[end] as number)] as number] as Entry[];
  let line = -1;
  for (let k = 0; k < bucket.length && line === -1; k++) {
    const entry = bucket[k] as Entry;
    line = matchLine(bytes, end - GRAM + 1 - entry.offset, entry.code, entry.key);
  }
  return line;
}

/** The start of the line when `code` is at `at` where its key must be, else -1. */
function matchLine(bytes: Buffer, at: number, code: Uint8Array, key: SearchKey): number {
  if (at < 0 || at + code.length > bytes.length) return -1;
  if (key.folds) {
    for (let i = 0; i < code.length; i++) if (FOLD[bytes[at + i] as number] !== code[i]) return -1;
  } else for (let i = 0; i < code.length; i++) if (bytes[at + i] !== code[i]) return -1;
  return placedLine(bytes, at, key);
}

export function placedLine(bytes: Buffer, at: number, key: SearchKey): number {
  let start = at;
  while (start > 0 && bytes[start - 1] !== 10) start--;
  if (key.at === 'anywhere' || start === at) return start;
  return key.at === 'spaced' && leadingSpacesEnd(bytes, start, at) === at ? start : -1;
}

function toEntry(key: SearchKey): Entry {
  const raw = Buffer.from(key.bytes, 'latin1');
  const code = key.folds ? raw.map((b) => FOLD[b] as number) : raw;
  let offset = 0;
  for (let at = 1; at + GRAM <= code.length; at++) if (gramRarity(code, at) > gramRarity(code, offset)) offset = at;
  return { key, code, offset };
}

/** How seldom the four bytes at `at` turn up by chance, their last pair (where a window stops) counted twice. */
function gramRarity(code: Uint8Array, at: number): number {
  const rarity = (i: number): number => byteRarity(code[at + i] as number);
  return rarity(0) + rarity(1) + 2 * (rarity(2) + rarity(3));
}
