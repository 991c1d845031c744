// Per-file change counts of a unified diff (git diff / show / log -p), so a cut diff still names every file.

const MAX_FILES = 40;

export function diffOverview(lines: readonly string[]): string[] {
  const files: { path: string; added: number; removed: number }[] = [];
  let current: { path: string; added: number; removed: number } | undefined;
  for (const line of lines) {
    if (line.startsWith('diff --git ')) {
      const match = / b\/(.+)$/.exec(line);
      current = { path: match?.[1] ?? line.slice(11), added: 0, removed: 0 };
      files.push(current);
    } else if (current !== undefined) {
      if (line.startsWith('+') && !line.startsWith('+++ ')) current.added++;
      else if (line.startsWith('-') && !line.startsWith('--- ')) current.removed++;
    }
  }
  if (files.length === 0) return [];
  const added = files.reduce((sum, f) => sum + f.added, 0);
  const removed = files.reduce((sum, f) => sum + f.removed, 0);
  const out = [`[overview: ${files.length} file${files.length === 1 ? '' : 's'} changed, +${added} −${removed}]`];
  for (const file of files.slice(0, MAX_FILES)) out.push(`[overview:   ${file.path} +${file.added} −${file.removed}]`);
  if (files.length > MAX_FILES) out.push(`[overview:   … and ${files.length - MAX_FILES} more files]`);
  return out;
}
