// The tables literal-scan.wat checks its places against, written into its memory: the literals of the skip search
// by a hash of their chosen four bytes, and the short needles by their anchor byte (layout in the .wat's header).

import type { Anchors } from '../short-anchors.js';
import type { Entry, SkipTable } from '../skip-search.js';

const FOLD = 0x150000;
const NEEDLE_HEADS = 0x150100;
const NEEDLES = 0x151000;
const NEEDLE_BYTES = 16;
const MAX_NEEDLES = 4095;
const GRAM_HEADS = 0x170000;
const GRAM_NODES = 0x190000;
const MAX_GRAM_NODES = 8191;
const LITERALS = 0x1a0000;
const LITERALS_END = 0x1c0000;
const GRAM = 4;

/** The hash of four bytes (a little-endian u32) the module uses. */
export function gramHash(gram: number): number {
  return Math.imul(gram, 0x9e3779b1) >>> 16;
}

/**
 * Writes each literal of `table` under the hash of every spelling of its chosen four bytes (`spellings`); when they
 * do not fit, one literal of no bytes under every hash (each window the gram set lets through is then listed).
 */
export function writeLiterals(memory: Uint8Array, table: SkipTable, spellings: (entry: Entry) => number[]): void {
  const view = new DataView(memory.buffer);
  for (let byte = 0; byte < 256; byte++) memory[FOLD + byte] = byte >= 65 && byte <= 90 ? byte | 0x20 : byte;
  const entries = table.buckets.flat();
  const hashes = entries.map((entry) => [...new Set(spellings(entry).map(gramHash))]);
  const nodes = hashes.reduce((sum, list) => sum + list.length, 0);
  const bytes = entries.reduce((sum, entry) => sum + 12 + align(entry.code.length), 0);
  if (nodes > MAX_GRAM_NODES || LITERALS + 12 + bytes > LITERALS_END) {
    view.setUint32(GRAM_NODES + 8 + 4, LITERALS, true);
    for (let hash = 0; hash < 65536; hash++) view.setUint16(GRAM_HEADS + hash * 2, 1, true);
    return;
  }
  let node = 0;
  let literal = LITERALS + 12;
  entries.forEach((entry, k) => {
    view.setUint32(literal, GRAM - 1 + entry.offset, true);
    view.setUint32(literal + 4, entry.code.length, true);
    view.setUint32(literal + 8, entry.key.folds ? 1 : 0, true);
    memory.set(entry.code, literal + 12);
    for (const hash of hashes[k] as number[]) {
      node++;
      view.setUint16(GRAM_NODES + node * 8, view.getUint16(GRAM_HEADS + hash * 2, true), true);
      view.setUint32(GRAM_NODES + node * 8 + 4, literal, true);
      view.setUint16(GRAM_HEADS + hash * 2, node, true);
    }
    literal += 12 + align(entry.code.length);
  });
}

/** Writes the short needles by their anchor byte; false when they do not fit (the module cannot check them). */
export function writeNeedles(memory: Uint8Array, { byByte }: Anchors): boolean {
  const view = new DataView(memory.buffer);
  const anchored = byByte.flatMap((list, byte) => (list ?? []).map((item) => ({ ...item, byte })));
  if (anchored.length > MAX_NEEDLES) return false;
  anchored.forEach(({ needle, offset, key, byte }, k) => {
    const at = NEEDLES + (k + 1) * NEEDLE_BYTES;
    let packed = 0;
    for (let i = needle.length - 1; i >= 0; i--) packed = (packed << 8) | (needle[i] as number);
    view.setUint16(at, view.getUint16(NEEDLE_HEADS + byte * 2, true), true);
    memory[at + 2] = key.at === 'start' ? 1 : 0;
    memory[at + 3] = offset;
    view.setUint32(at + 4, needle.length >= 4 ? 0xffffffff : (1 << (8 * needle.length)) - 1, true);
    view.setUint32(at + 8, packed >>> 0, true);
    view.setUint32(at + 12, needle.length, true);
    view.setUint16(NEEDLE_HEADS + byte * 2, k + 1, true);
  });
  return true;
}

function align(length: number): number {
  return (length + 3) & ~3;
}
