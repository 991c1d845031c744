// Match counts per file for grep / ripgrep output (`path:line:text`).

const TOP_FILES = 15;
const MATCH = /^([^:\s][^:]*):\d+[:-]/;

export function matchesOverview(lines: readonly string[]): string[] {
  const files = new Map<string, number>();
  for (const line of lines) {
    const match = MATCH.exec(line);
    if (match !== null) files.set(match[1] as string, (files.get(match[1] as string) ?? 0) + 1);
  }
  if (files.size < 2) return [];
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  const top = [...files].sort((a, b) => b[1] - a[1]).slice(0, TOP_FILES);
  const rest = files.size - top.length;
  return [
    `[overview: ${total} matches in ${files.size} files: ${top.map(([f, v]) => `${f} (${v})`).join(', ')}${rest > 0 ? `, … ${rest} more files` : ''}]`,
  ];
}
