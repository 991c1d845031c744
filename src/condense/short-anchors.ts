// Short literals (under four bytes) found by one byte of theirs, their anchor: a SIMD pass (wasm/literal-scan.wat)
// lists the places of an anchor byte, each checked here against the literals anchored on it. A literal wanted
// anywhere in a line is anchored on its rarest byte; one wanted where a line starts on its first byte, found only
// after a newline (or at the text's start).

import { byteRarity } from './byte-rarity.js';
import { placedLine } from './skip-search.js';
import type { Needle } from './search-key.js';

interface Anchored extends Needle {
  /** Where the anchor byte is in the needle. */
  offset: number;
}

export interface Anchors {
  /** The needles anchored on each byte. */
  byByte: (Anchored[] | undefined)[];
  /**
   * The anchor bytes as nibble tables (see literal-scan.wat): low and high for those wanted anywhere, then low and
   * high for those starting a line; sixteen bytes each.
   */
  classes: Uint8Array;
}

/** The anchors of needles wanted anywhere in a line or at its start (not after its leading spaces). */
export function anchorsOf(needles: readonly Needle[]): Anchors {
  const byByte: (Anchored[] | undefined)[] = [];
  const anywhere = new Set<number>();
  const starting = new Set<number>();
  for (const item of needles) {
    if (item.key.at === 'spaced') throw new TypeError('a short needle after leading spaces has no anchor');
    const offset = item.key.at === 'start' ? 0 : rarestByte(item.needle);
    const byte = item.needle[offset] as number;
    (byByte[byte] ??= []).push({ ...item, offset });
    (item.key.at === 'start' ? starting : anywhere).add(byte);
  }
  const classes = new Uint8Array(64);
  nibbleTables(anywhere, classes.subarray(0, 32));
  nibbleTables(starting, classes.subarray(32, 64));
  return { byByte, classes };
}

/** The start of the line when a needle anchored on `bytes[at]` is there where its key must be, else -1. */
export function anchoredLine(bytes: Buffer, at: number, { byByte }: Anchors): number {
  for (const { needle, offset, key } of byByte[bytes[at] as number] ?? []) {
    const from = at - offset;
    if (from < 0 || from + needle.length > bytes.length) continue;
    let same = true;
    for (let i = 0; i < needle.length && same; i++) same = bytes[from + i] === needle[i];
    if (!same) continue;
    const line = placedLine(bytes, from, key);
    if (line !== -1) return line;
  }
  return -1;
}

/** The needle's rarest byte (the last of equals: a UTF-8 sequence's last byte tells it from its kin). */
function rarestByte(needle: Buffer): number {
  let best = 0;
  for (let i = 1; i < needle.length; i++) if (byteRarity(needle[i] as number) >= byteRarity(needle[best] as number)) best = i;
  return best;
}

/**
 * A class of bytes as two tables of sixteen: `low[n]` holds the bits of the high nibbles that complete the low
 * nibble `n` into a member, `high[h]` the bit of the high nibble `h`. Up to eight high nibbles each have a bit of
 * their own (exact); past that, they share (more places listed, each checked).
 */
function nibbleTables(members: ReadonlySet<number>, tables: Uint8Array): void {
  const highs = [...new Set([...members].map((byte) => byte >> 4))];
  const bitOf = (high: number): number => 1 << (highs.length <= 8 ? highs.indexOf(high) : high & 7);
  for (const byte of members) {
    tables[byte & 15] = (tables[byte & 15] as number) | bitOf(byte >> 4);
    tables[16 + (byte >> 4)] = bitOf(byte >> 4);
  }
}
