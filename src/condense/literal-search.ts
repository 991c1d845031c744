// Finding the lines of a byte range that hold any of many literals, in one pass that skips ahead (Wu–Manber): a
// table says, for the last two bytes of a window of four, how far the window may move before it can hold the
// chosen four bytes of some literal; most windows of ordinary text move three bytes at once, and only the few
// ending on such a pair are compared. Literals shorter than four bytes are looked for one by one (memchr-fast), or,
// when several differ only in their first byte (`0: ` … `9: `), once by the rest, the byte before it checked.

import { byteRarity } from './byte-rarity.js';
import { leadingSpacesEnd } from './line-spaces.js';

const GRAM = 4;
const FOLD = Uint8Array.from({ length: 256 }, (_, b) => (b >= 65 && b <= 90 ? b | 0x20 : b));

/** A literal to look for, as bytes (each character of `bytes` one byte). */
export interface SearchKey {
  bytes: string;
  /** ASCII letters match either case. */
  folds: boolean;
  /** Where the literal must be: anywhere in the line, at its start, or after its leading spaces (`^\s*`). */
  at: 'anywhere' | 'start' | 'spaced';
}

/** Start offsets of the lines of `bytes[from, to)` (whole lines) that hold a key where it must be, in order. */
export type LineSearch = (bytes: Buffer, from: number, to: number) => number[];

interface Entry {
  key: SearchKey;
  /** The key's bytes, folded when it folds. */
  code: Uint8Array;
  /** Where its chosen four bytes start in it. */
  offset: number;
}

export function lineSearch(keys: readonly SearchKey[]): LineSearch {
  const entries = keys.filter((key) => key.bytes.length >= GRAM).map(toEntry);
  const { single, grouped } = groupBySuffix(keys.filter((key) => key.bytes.length < GRAM).flatMap(variants));
  const table: SkipTable = {
    shift: new Uint8Array(65536).fill(GRAM - 1),
    opens: new Uint8Array(65536),
    bucketOf: new Int32Array(65536).fill(-1),
    buckets: [],
  };
  for (const entry of entries) {
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
  return (bytes, from, to) => {
    // searched as a range of its own: a search for a needle not in it ends at its end, not the buffer's
    const range = from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to);
    let found = table.buckets.length > 0 ? skipSearch(range, table) : [];
    for (const { needle, key } of single) found = mergeSorted(found, needleLines(range, needle, key));
    for (const group of grouped) found = mergeSorted(found, suffixLines(range, group));
    return from === 0 ? found : found.map((start) => start + from);
  };
}

/**
 * For a window of four bytes ending on a pair: how far it may move (`shift`); whether a pair opens some chosen four
 * bytes (`opens`); the entries whose four end on it (`buckets[bucketOf[pair]]`). Pairs are 16-bit numbers, both cases
 * of a folding key's letters entered.
 */
interface SkipTable {
  shift: Uint8Array;
  opens: Uint8Array;
  bucketOf: Int32Array;
  buckets: Entry[][];
}

function pairs(first: number, second: number, folds: boolean): number[] {
  const cases = (b: number): number[] => (folds && b >= 97 && b <= 122 ? [b, b - 32] : [b]);
  return cases(first).flatMap((a) => cases(second).map((b) => (a << 8) | b));
}

function skipSearch(bytes: Buffer, { shift, opens, bucketOf, buckets }: SkipTable): number[] {
  const starts: number[] = [];
  const to = bytes.length;
  for (let end = GRAM - 1; end < to;) {
    const pair = ((bytes[end - 1] as number) << 8) | (bytes[end] as number);
    const step = shift[pair] as number;
    if (step !== 0) {
      end += step;
      continue;
    }
    let line = -1;
    if (opens[((bytes[end - 3] as number) << 8) | (bytes[end - 2] as number)] === 1) {
      const bucket = buckets[bucketOf[pair] as number] as Entry[];
      for (let k = 0; k < bucket.length && line === -1; k++) {
        const entry = bucket[k] as Entry;
        line = matchLine(bytes, end - GRAM + 1 - entry.offset, entry.code, entry.key);
      }
    }
    if (line === -1) end++;
    else {
      starts.push(line);
      const newline = bytes.indexOf(10, end);
      end = newline === -1 ? to : newline + GRAM;
    }
  }
  return starts;
}

/** The start of the line when `code` is at `at` where its key must be, else -1. */
function matchLine(bytes: Buffer, at: number, code: Uint8Array, key: SearchKey): number {
  if (at < 0 || at + code.length > bytes.length) return -1;
  if (key.folds) {
    for (let i = 0; i < code.length; i++) if (FOLD[bytes[at + i] as number] !== code[i]) return -1;
  } else for (let i = 0; i < code.length; i++) if (bytes[at + i] !== code[i]) return -1;
  return placedLine(bytes, at, key);
}

function placedLine(bytes: Buffer, at: number, key: SearchKey): number {
  let start = at;
  while (start > 0 && bytes[start - 1] !== 10) start--;
  if (key.at === 'anywhere' || start === at) return start;
  return key.at === 'spaced' && leadingSpacesEnd(bytes, start, at) === at ? start : -1;
}

function needleLines(bytes: Buffer, needle: Buffer, key: SearchKey): number[] {
  const starts: number[] = [];
  for (let at = bytes.indexOf(needle); at !== -1;) {
    const line = placedLine(bytes, at, key);
    if (line !== -1) starts.push(line);
    const newline = line === -1 ? at : bytes.indexOf(10, at);
    at = newline === -1 ? -1 : bytes.indexOf(needle, newline + 1);
  }
  return starts;
}

/** Short needles alike but for their first byte (`0: ` … `9: `), searched once by what they share. */
interface SuffixGroup {
  suffix: Buffer;
  /** The keys whose needle is this first byte and the suffix. */
  byFirst: (SearchKey[] | undefined)[];
}

const MIN_GROUP = 3;

interface Needle {
  needle: Buffer;
  key: SearchKey;
}

function groupBySuffix(needles: readonly Needle[]): { single: Needle[]; grouped: SuffixGroup[] } {
  const single: Needle[] = [];
  const bySuffix = new Map<string, Needle[]>();
  for (const item of needles) {
    if (item.needle.length < 3) single.push(item);
    else {
      const suffix = item.needle.toString('latin1', 1);
      const alike = bySuffix.get(suffix);
      if (alike) alike.push(item);
      else bySuffix.set(suffix, [item]);
    }
  }
  const grouped: SuffixGroup[] = [];
  for (const [suffix, items] of bySuffix) {
    if (items.length < MIN_GROUP) single.push(...items);
    else {
      const byFirst: (SearchKey[] | undefined)[] = [];
      for (const { needle, key } of items) (byFirst[needle[0] as number] ??= []).push(key);
      grouped.push({ suffix: Buffer.from(suffix, 'latin1'), byFirst });
    }
  }
  return { single, grouped };
}

function suffixLines(bytes: Buffer, { suffix, byFirst }: SuffixGroup): number[] {
  const starts: number[] = [];
  for (let at = bytes.indexOf(suffix, 1); at !== -1;) {
    let line = -1;
    for (const key of byFirst[bytes[at - 1] as number] ?? []) if ((line = placedLine(bytes, at - 1, key)) !== -1) break;
    if (line !== -1) starts.push(line);
    const newline = line === -1 ? at : bytes.indexOf(10, at);
    at = newline === -1 ? -1 : bytes.indexOf(suffix, newline + 1);
  }
  return starts;
}

function toEntry(key: SearchKey): Entry {
  const raw = Buffer.from(key.bytes, 'latin1');
  const code = key.folds ? raw.map((b) => FOLD[b] as number) : raw;
  let offset = 0;
  for (let at = 1; at + GRAM <= code.length; at++) if (gramRarity(code, at) > gramRarity(code, offset)) offset = at;
  return { key, code, offset };
}

/** A short key's needles: itself, or each of its ASCII case spellings when it folds. */
function variants(key: SearchKey): Needle[] {
  let spellings = [''];
  for (const char of key.bytes) {
    const cases = key.folds && /[a-z]/i.test(char) ? [char.toLowerCase(), char.toUpperCase()] : [char];
    spellings = spellings.flatMap((head) => cases.map((c) => head + c));
  }
  return spellings.map((spelling) => ({ needle: Buffer.from(spelling, 'latin1'), key }));
}

/** How seldom the four bytes at `at` turn up by chance, their last pair (where a window stops) counted twice. */
function gramRarity(code: Uint8Array, at: number): number {
  const rarity = (i: number): number => byteRarity(code[at + i] as number);
  return rarity(0) + rarity(1) + 2 * (rarity(2) + rarity(3));
}

function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  if (a.length === 0) return b as number[];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const take =
      j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number)) ? (a[i++] as number) : (b[j++] as number);
    if (out.length === 0 || out[out.length - 1] !== take) out.push(take);
  }
  return out;
}
