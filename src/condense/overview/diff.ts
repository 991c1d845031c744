// Per-file change counts of a unified diff (git diff / show / log -p), so a cut diff still names every file.
// A file changed by several commits of a `log -p` is counted once, with how many diffs touched it.

const MAX_FILES = 40;

interface FileCount {
  added: number;
  removed: number;
  diffs: number;
}

export function diffOverview(lines: readonly string[]): string[] {
  const files = new Map<string, FileCount>();
  let diffs = 0;
  let current: FileCount | undefined;
  for (const line of lines) {
    if (line.startsWith('diff --git ')) {
      const match = / b\/(.+)$/.exec(line);
      const path = match?.[1] ?? line.slice(11);
      current = files.get(path);
      if (current === undefined) files.set(path, (current = { added: 0, removed: 0, diffs: 0 }));
      current.diffs++;
      diffs++;
    } else if (current !== undefined) {
      if (line.startsWith('+') && !line.startsWith('+++ ')) current.added++;
      else if (line.startsWith('-') && !line.startsWith('--- ')) current.removed++;
    }
  }
  if (files.size === 0) return [];
  let added = 0;
  let removed = 0;
  for (const file of files.values()) {
    added += file.added;
    removed += file.removed;
  }
  const across = diffs > files.size ? ` in ${diffs} diffs` : '';
  const out = [`[overview: ${files.size} file${files.size === 1 ? '' : 's'} changed${across}, +${added} −${removed}]`];
  for (const [path, file] of [...files].slice(0, MAX_FILES)) out.push(`[overview:   ${path} +${file.added} −${file.removed}${file.diffs > 1 ? ` (${file.diffs} diffs)` : ''}]`);
  if (files.size > MAX_FILES) out.push(`[overview:   … and ${files.size - MAX_FILES} more files]`);
  return out;
}
