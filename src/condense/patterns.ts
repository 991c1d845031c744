// Combines a list of RegExps into one tester, so each line costs one regex run per category.

export interface LineTester {
  test(line: string): boolean;
}

export function combine(patterns: readonly RegExp[]): LineTester {
  const plain = patterns.filter((p) => p.flags.replace(/[gy]/g, '') === '');
  const flagged = patterns.filter((p) => p.flags.replace(/[gy]/g, '') !== '').map((p) => new RegExp(p.source, p.flags.replace(/[gy]/g, '')));
  const joined = plain.length > 0 ? new RegExp(plain.map((p) => `(?:${p.source})`).join('|')) : undefined;
  return {
    test(line: string): boolean {
      if (joined !== undefined && joined.test(line)) return true;
      for (const pattern of flagged) if (pattern.test(line)) return true;
      return false;
    },
  };
}
