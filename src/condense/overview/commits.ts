// Commit counts, authors and the date span of `git log`, so a cut log still says how much history it held.

const COMMIT = /^commit ([0-9a-f]{7,40})\b/;
const AUTHOR = /^Author:\s+(.*?)\s*(?:<[^>]*>)?$/;
const DATE = /^Date:\s+(.*)$/;
const TOP_AUTHORS = 5;

export function commitsOverview(lines: readonly string[]): string[] {
  let commits = 0;
  const authors = new Map<string, number>();
  let newest: string | undefined;
  let oldest: string | undefined;
  for (const line of lines) {
    if (COMMIT.test(line)) {
      commits++;
      continue;
    }
    const author = AUTHOR.exec(line);
    if (author !== null) authors.set(author[1] as string, (authors.get(author[1] as string) ?? 0) + 1);
    const date = DATE.exec(line);
    if (date !== null) {
      newest ??= date[1] as string;
      oldest = date[1] as string;
    }
  }
  if (commits === 0) return [];
  const top = [...authors].sort((a, b) => b[1] - a[1]).slice(0, TOP_AUTHORS);
  const span = newest === undefined ? '' : `; ${oldest} … ${newest}`;
  const rest = authors.size > top.length ? `, … ${authors.size - top.length} more` : '';
  return [`[overview: ${commits} commits by ${top.map(([a, n]) => `${a} (${n})`).join(', ')}${rest}${span}]`];
}
