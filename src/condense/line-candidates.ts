// Finding the few lines of a big UTF-8 text worth testing, without decoding it or cutting it into lines. Each
// pattern alternative gives literals it cannot match without (see required-literals.ts): those its match starts
// with, to be found where a line starts (when anchored there, and long enough to be rare), or else those it holds
// anywhere. All are looked for at once over the bytes (see literal-search.ts). A candidate is only a line worth
// the real test; every line a pattern matches is one.

import { topLevelAlternatives } from './patterns.js';
import { prefixLiterals, requiredLiterals } from './required-literals.js';
import { lineSearch } from './literal-search.js';
import type { SearchKey } from './search-key.js';
import { literalRarity } from './byte-rarity.js';

/** Start offsets of the candidate lines of `bytes[from, to)` (whole lines of UTF-8), in order. */
export type CandidateFinder = (bytes: Buffer, from: number, to: number) => number[];

/** Lines a terminal rewrites: what they show is only known once settled, so they are always looked at. */
const UNSETTLED: readonly SearchKey[] = [
  { bytes: '\r', folds: false, at: 'anywhere' },
  { bytes: '\x1b', folds: false, at: 'anywhere' },
];

/** What being found only where a line starts is worth, in the units of byte-rarity.ts. */
const LINE_START_RARITY = 4;

/**
 * A finder over UTF-8 bytes for the lines any of `patterns` may match (every unsettled line too: a carriage
 * return or an escape code); undefined when some pattern has no literal it cannot match without. Its byte loops
 * run in WebAssembly unless `useWasm` is false.
 */
export function candidateFinder(patterns: readonly RegExp[], useWasm = true): CandidateFinder | undefined {
  const keys: SearchKey[] = [...UNSETTLED];
  for (const pattern of patterns) {
    const folds = pattern.flags.includes('i');
    for (const alternative of topLevelAlternatives(pattern.source)) {
      const literals = alternativeKeys(alternative, pattern.flags, folds);
      if (literals === undefined) return undefined;
      keys.push(...literals);
    }
  }
  return lineSearch(withoutCovered(keys), useWasm);
}

function alternativeKeys(alternative: string, flags: string, folds: boolean): SearchKey[] | undefined {
  const anchored = folds ? undefined : lineStartLiterals(alternative, flags);
  const anywhere = requiredLiterals(alternative, flags);
  // a case-blind pattern matches other cases of a non-ASCII letter than ASCII folding finds
  // eslint-disable-next-line no-control-regex
  const usable = anywhere !== undefined && !(folds && anywhere.some((l) => /[^\x00-\x7f]/.test(l))) ? anywhere : undefined;
  // the literals less likely by chance (`make` starts every `make[2]: Entering directory` where `: ***` is rare)
  if (anchored !== undefined && (usable === undefined || rarest(anchored.literals, LINE_START_RARITY) >= rarest(usable, 0)))
    return anchored.literals.map((literal) => ({
      bytes: utf8AsLatin1(literal),
      folds: false,
      at: anchored.spaced ? 'spaced' : 'start',
    }));
  return usable?.map((literal) => ({ bytes: utf8AsLatin1(literal), folds, at: 'anywhere' }));
}

/** For an alternative anchored at the line's start (`^`, maybe `^\s*`), the literals the rest starts with. */
function lineStartLiterals(alternative: string, flags: string): { literals: string[]; spaced: boolean } | undefined {
  if (!alternative.startsWith('^') || /^\^\s*[?*+{]/.test(alternative)) return undefined;
  const spaced = /^\^\\s\*(?![?*+{])/.test(alternative);
  const rest = alternative.slice(spaced ? 4 : 1);
  const literals = prefixLiterals(rest, flags);
  return literals === undefined ? undefined : { literals, spaced };
}

/**
 * The keys left once those another key already finds are dropped (`Bus error` where `error` is looked for
 * anywhere): spellings of one word in several cases become one case-blind key.
 */
function withoutCovered(keys: readonly SearchKey[]): SearchKey[] {
  const spellings = new Map<string, Set<string>>();
  for (const { at, bytes } of keys)
    if (at === 'anywhere') spellings.set(asciiLower(bytes), (spellings.get(asciiLower(bytes)) ?? new Set()).add(bytes));
  const merged = keys.map((key): SearchKey => {
    const folds = key.folds || (key.at === 'anywhere' && (spellings.get(asciiLower(key.bytes)) as Set<string>).size > 1);
    return folds ? { ...key, bytes: asciiLower(key.bytes), folds } : key;
  });
  const unique = [...new Map(merged.map((key) => [`${key.at} ${key.folds} ${key.bytes}`, key])).values()];
  return unique.filter((key) => !unique.some((other) => other !== key && covers(other, key)));
}

/** Whether every line `key` finds, `other` (another key) finds too. */
function covers(other: SearchKey, key: SearchKey): boolean {
  if (other.at !== 'anywhere' || (key.folds && !other.folds)) return false;
  return (other.folds ? asciiLower(key.bytes) : key.bytes).includes(other.bytes);
}

function asciiLower(bytes: string): string {
  return bytes.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** How seldom the commonest of `literals` turns up by chance (see byte-rarity.ts), `bonus` added. */
function rarest(literals: readonly string[], bonus: number): number {
  return Math.min(...literals.map((literal) => literalRarity(utf8AsLatin1(literal)))) + bonus;
}

function utf8AsLatin1(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}
