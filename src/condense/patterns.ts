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
  const patterns = items.filter((item): item is RegExp => item instanceof RegExp);
  const guarded = items.filter((item): item is Guarded => !(item instanceof RegExp)).map(({ guard, pattern }) => ({ guard: withoutState(guard), pattern: withoutState(pattern) }));
  const plain = patterns.filter((p) => p.flags.replace(/[gy]/g, '') === '');
  const flagged = patterns.filter((p) => p.flags.replace(/[gy]/g, '') !== '').map(withoutState);
  const join = (list: readonly RegExp[]): RegExp | undefined => (list.length > 0 ? new RegExp(list.map((p) => `(?:${p.source})`).join('|')) : undefined);
  const regexes = [join(plain.filter((p) => isAnchored(p.source))), join(plain.filter((p) => !isAnchored(p.source))), ...flagged].filter(
    (re): re is RegExp => re !== undefined,
  );
  return {
    test(line: string): boolean {
      for (const pattern of regexes) if (pattern.test(line)) return true;
      for (const { guard, pattern } of guarded) if (guard.test(line) && pattern.test(line)) return true;
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

/** The pattern can only match at the start: it opens with `^` and has no `|` outside groups and classes. */
export function isAnchored(source: string): boolean {
  if (!source.startsWith('^')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 1; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return false;
  }
  return true;
}
