// Finding the few lines of a big UTF-8 text worth testing, without decoding it or cutting it into lines. The bytes
// are read as Latin-1 (one character per byte: offsets are byte offsets, ASCII is itself). A pattern anchored at
// the line's start is looked for where lines start; any other by a short key of a literal it cannot match without
// (see required-literals.ts), all keys in one case-blind search. A candidate is only a line worth the real test.

import { topLevelAlternatives } from './patterns.js';
import { prefixLiterals, requiredLiterals } from './required-literals.js';
import { keysCovering } from './literal-keys.js';

/** Candidate lines of `text[from, to)` (whole lines): their start offsets and line indices (from 0 at `from`), in order, and the lines in the range. */
export interface Candidates {
  starts: number[];
  indices: number[];
  lines: number;
}

/** Every line some pattern matches is a candidate, and every unsettled line (carriage return, escape code) and line past `longChars`. */
export type CandidateFinder = (text: string, from: number, to: number) => Candidates;

/** Lines a terminal rewrites: what they show is only known once settled, so they are always looked at. */
const UNSETTLED = ['\r', '\x1b'];

interface LineStart {
  literal: string;
  /** After `^\s*`: spaces may come first. */
  spaced: boolean;
}

/**
 * A finder over the Latin-1 reading of UTF-8 bytes for the lines any of `patterns` may match (each tried on a
 * line's first `longChars` characters); undefined when some pattern has no literal it cannot match without.
 */
export function candidateFinder(patterns: readonly RegExp[], longChars: number): CandidateFinder | undefined {
  const anywhere: string[] = [];
  const starts = new Map<number, LineStart[]>();
  for (const pattern of patterns) {
    const folds = pattern.flags.includes('i');
    for (const alternative of topLevelAlternatives(pattern.source)) {
      const anchored = folds ? undefined : lineStartLiterals(alternative, pattern.flags);
      if (anchored !== undefined) {
        for (const literal of anchored.literals) {
          const bytes = utf8AsLatin1(literal);
          const code = bytes.charCodeAt(0);
          starts.set(code, [...(starts.get(code) ?? []), { literal: bytes, spaced: anchored.spaced }]);
        }
        continue;
      }
      const literals = requiredLiterals(alternative, pattern.flags);
      // a case-blind pattern matches other cases of a non-ASCII letter than the Latin-1 reading's folding finds
      // eslint-disable-next-line no-control-regex
      if (literals === undefined || (folds && literals.some((l) => /[^\x00-\x7f]/.test(l)))) return undefined;
      anywhere.push(...literals.map(utf8AsLatin1));
    }
  }
  const { folded, exact } = keysCovering(anywhere);
  const search = folded.length > 0 ? new RegExp(folded.map(escapeRegex).join('|'), 'gi') : undefined;
  const chars = [...UNSETTLED, ...exact];
  const spacedStarts = [...starts.values()].some((entries) => entries.some((e) => e.spaced));
  // the regex is only used within one synchronous call, which sets its lastIndex first (a fresh copy per call would run interpreted)
  return (text, from, to) => {
    let found = search ? keyLines(search, text, from, to) : [];
    for (const literal of chars) found = mergeSorted(found, literalLines(text, literal, from, to));
    const out: Candidates = { starts: [], indices: [], lines: 0 };
    let next = 0;
    for (let at = from; at < to; out.lines++) {
      const nl = text.indexOf('\n', at);
      if (found[next] === at || nl - at > longChars || (starts.size > 0 && startsWithAny(text, at, starts, spacedStarts))) {
        out.starts.push(at);
        out.indices.push(out.lines);
      }
      while (next < found.length && (found[next] as number) <= at) next++;
      at = nl + 1;
    }
    return out;
  };
}

/** For an alternative anchored at the line's start (`^`, maybe `^\s*`), the literals the rest starts with. */
function lineStartLiterals(alternative: string, flags: string): { literals: string[]; spaced: boolean } | undefined {
  if (!alternative.startsWith('^') || /^\^\s*[?*+{]/.test(alternative)) return undefined;
  const spaced = /^\^\\s\*(?![?*+{])/.test(alternative);
  const rest = alternative.slice(spaced ? 4 : 1);
  const literals = prefixLiterals(rest, flags);
  return literals === undefined ? undefined : { literals, spaced };
}

/** UTF-8 lengths of the sequences `\s` matches: ASCII spaces and the Unicode spaces. */
function spaceBytes(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 32 || (c >= 9 && c <= 13 && c !== 10)) return 1;
  if (c < 0xc2) return 0;
  const pair = text.charCodeAt(at + 1);
  const third = text.charCodeAt(at + 2);
  if (c === 0xc2) return pair === 0xa0 ? 2 : 0;
  if (c === 0xe1) return pair === 0x9a && third === 0x80 ? 3 : 0;
  if (c === 0xe2)
    return (pair === 0x80 && (third <= 0x8a || third === 0xa8 || third === 0xa9 || third === 0xaf)) ||
      (pair === 0x81 && third === 0x9f)
      ? 3
      : 0;
  if (c === 0xe3) return pair === 0x80 && third === 0x80 ? 3 : 0;
  if (c === 0xef) return pair === 0xbb && third === 0xbf ? 3 : 0;
  return 0;
}

function startsWithAny(text: string, at: number, starts: ReadonlyMap<number, LineStart[]>, spacedStarts: boolean): boolean {
  const entries = starts.get(text.charCodeAt(at));
  if (entries !== undefined) for (const { literal } of entries) if (text.startsWith(literal, at)) return true;
  if (!spacedStarts) return false;
  let p = at;
  for (let n = spaceBytes(text, p); n > 0; n = spaceBytes(text, p)) p += n;
  if (p === at) return false;
  const spaced = starts.get(text.charCodeAt(p));
  if (spaced !== undefined) for (const { literal, spaced: may } of spaced) if (may && text.startsWith(literal, p)) return true;
  return false;
}

function keyLines(regex: RegExp, text: string, from: number, to: number): number[] {
  const starts: number[] = [];
  regex.lastIndex = from;
  for (let match = regex.exec(text); match !== null && match.index < to; match = regex.exec(text)) {
    starts.push(lineStartBefore(text, match.index, from));
    const nl = text.indexOf('\n', match.index);
    if (nl === -1) break;
    regex.lastIndex = nl + 1;
  }
  return starts;
}

function literalLines(text: string, literal: string, from: number, to: number): number[] {
  const starts: number[] = [];
  for (let at = text.indexOf(literal, from); at !== -1 && at < to;) {
    starts.push(lineStartBefore(text, at, from));
    const nl = text.indexOf('\n', at);
    at = nl === -1 ? -1 : text.indexOf(literal, nl + 1);
  }
  return starts;
}

function lineStartBefore(text: string, at: number, from: number): number {
  return at <= from ? from : text.lastIndexOf('\n', at - 1) + 1;
}

function utf8AsLatin1(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  if (a.length === 0) return b as number[];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next =
      j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number)) ? (a[i++] as number) : (b[j++] as number);
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
}
