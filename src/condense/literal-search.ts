// Finding the lines of a byte range that hold any of many literals, in one pass that skips ahead (Wu–Manber, see
// skip-search.ts). Literals shorter than four bytes are found by an anchor byte in a SIMD pass (short-anchors.ts);
// in JavaScript (no WebAssembly, or after leading spaces), one `indexOf` pass each, or, when several differ only in
// their first byte (`0: ` … `9: `), once by the rest, the byte before it checked.

import { anchorsOf } from './short-anchors.js';
import { GRAM, placedLine, skipSearch, skipTable } from './skip-search.js';
import type { SkipTable } from './skip-search.js';
import type { Needle, SearchKey } from './search-key.js';
import { mergeSorted } from './sorted-merge.js';
import { wasmSearch } from './wasm/wasm-search.js';

export type { SearchKey };

/** Start offsets of the lines of `bytes[from, to)` (whole lines) that hold a key where it must be, in order. */
export type LineSearch = (bytes: Buffer, from: number, to: number) => number[];

/** The search for `keys`, its byte loops in WebAssembly unless `useWasm` is false or the runtime has none. */
export function lineSearch(keys: readonly SearchKey[], useWasm = true): LineSearch {
  const needles = keys.filter((key) => key.bytes.length < GRAM).flatMap(variants);
  const long = keys.filter((key) => key.bytes.length >= GRAM);
  const table = long.length > 0 ? skipTable(long) : undefined;
  const inJavaScript = javaScriptSearch(table, needles);
  const spaced = needles.filter((item) => item.key.at === 'spaced');
  const anchored = needles.filter((item) => item.key.at !== 'spaced');
  const inWasm = useWasm ? wasmSearch(table, anchored.length > 0 ? anchorsOf(anchored) : undefined, inJavaScript) : undefined;
  const search =
    inWasm === undefined
      ? inJavaScript
      : (range: Buffer): number[] =>
          spaced.reduce((found, { needle, key }) => mergeSorted(found, needleLines(range, needle, key)), inWasm(range));
  return (bytes, from, to) => {
    // searched as a range of its own: a search for a needle not in it ends at its end, not the buffer's
    const range = from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to);
    const found = search(range);
    return from === 0 ? found : found.map((start) => start + from);
  };
}

/** The whole search in JavaScript: the skip loop, then one `indexOf` pass per short needle or group of them. */
function javaScriptSearch(table: SkipTable | undefined, needles: readonly Needle[]): (range: Buffer) => number[] {
  const { single, grouped } = groupBySuffix(needles);
  return (range) => {
    let found = table !== undefined ? skipSearch(range, table) : [];
    for (const { needle, key } of single) found = mergeSorted(found, needleLines(range, needle, key));
    for (const group of grouped) found = mergeSorted(found, suffixLines(range, group));
    return found;
  };
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

/** A short key's needles: itself, or each of its ASCII case spellings when it folds. */
function variants(key: SearchKey): Needle[] {
  let spellings = [''];
  for (const char of key.bytes) {
    const cases = key.folds && /[a-z]/i.test(char) ? [char.toLowerCase(), char.toUpperCase()] : [char];
    spellings = spellings.flatMap((head) => cases.map((c) => head + c));
  }
  return spellings.map((spelling) => ({ needle: Buffer.from(spelling, 'latin1'), key }));
}
