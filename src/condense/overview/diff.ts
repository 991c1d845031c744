// Per-file change counts of a unified diff (git diff / show / log -p), so a cut diff still names every file.
// A file changed by several commits of a `log -p` is counted once, with how many diffs touched it.
// Files are grouped by folder, one line per folder: `[overview: src/v4/locales/ ru.ts +1, be.ts +2 −1]`.

const MAX_FILES = 120;
const MAX_FOLDERS = 30;

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
  const folders = new Map<string, string[]>();
  let shown = 0;
  for (const [path, file] of files) {
    const slash = path.lastIndexOf('/') + 1;
    const folder = path.slice(0, slash);
    const entries = folders.get(folder);
    if (entries === undefined && folders.size >= MAX_FOLDERS) continue;
    if (shown >= MAX_FILES) break;
    const entry = `${path.slice(slash)} ${counts(file)}`;
    if (entries === undefined) folders.set(folder, [entry]);
    else entries.push(entry);
    shown++;
  }
  for (const [folder, entries] of folders) out.push(`[overview: ${folder === '' ? '' : `${folder} `}${entries.join(', ')}]`);
  if (files.size > shown) out.push(`[overview: … and ${files.size - shown} more files]`);
  return out;
}

function counts(file: FileCount): string {
  const parts = [];
  if (file.added > 0 || file.removed === 0) parts.push(`+${file.added}`);
  if (file.removed > 0) parts.push(`−${file.removed}`);
  if (file.diffs > 1) parts.push(`(${file.diffs} diffs)`);
  return parts.join(' ');
}
