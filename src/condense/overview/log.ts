// Level and HTTP status counts for logs, so the agent sees how much of each was there.

const LEVEL = /\b(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|CRITICAL|FATAL)\b/;
const HTTP_STATUS = /" ([1-5]\d\d) (?:\d+|-)(?:\s|$)/;

export function logOverview(lines: readonly string[]): string[] {
  const levels = new Map<string, number>();
  const statuses = new Map<string, number>();
  for (const line of lines) {
    const level = LEVEL.exec(line);
    if (level !== null) levels.set(level[1] as string, (levels.get(level[1] as string) ?? 0) + 1);
    const status = HTTP_STATUS.exec(line);
    if (status !== null) statuses.set(status[1] as string, (statuses.get(status[1] as string) ?? 0) + 1);
  }
  const parts: string[] = [];
  if (levels.size > 0) parts.push(`levels ${[...levels].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (statuses.size > 0)
    parts.push(
      `HTTP ${[...statuses]
        .sort()
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ')}`,
    );
  return parts.length === 0 ? [] : [`[overview: ${lines.length} lines; ${parts.join('; ')}]`];
}
