// Per-file change counts of a unified diff (git diff / show / log -p), so a cut diff still names every file.
// A file changed by several commits of a `log -p` is counted once, with how many diffs touched it.
// Files are grouped by folder, one line per folder: `[overview: src/v4/locales/ ru.ts +1, be.ts +2 −1]`; a
// `--stat`, `--numstat` or `--name-status` listing has every file named the same way.

import { folderLines, listedFiles } from './changed-files.js';

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
  if (files.size === 0) return statOverview(lines);
  let added = 0;
  let removed = 0;
  for (const file of files.values()) {
    added += file.added;
    removed += file.removed;
  }
  const across = diffs > files.size ? ` in ${diffs} diffs` : '';
  const out = [`[overview: ${files.size} file${files.size === 1 ? '' : 's'} changed${across}, +${added} −${removed}]`];
  const said = new Map<string, string>();
  for (const [path, file] of files) said.set(path, counts(file));
  return [...out, ...folderLines(said)];
}

/** A `--stat` / `--numstat` / `--name-status` listing: every file named. */
function statOverview(lines: readonly string[]): string[] {
  const listed = listedFiles(lines);
  return listed.size === 0
    ? []
    : [`[overview: ${listed.size} file${listed.size === 1 ? '' : 's'} listed]`, ...folderLines(listed)];
}

function counts(file: FileCount): string {
  const parts = [];
  if (file.added > 0 || file.removed === 0) parts.push(`+${file.added}`);
  if (file.removed > 0) parts.push(`−${file.removed}`);
  if (file.diffs > 1) parts.push(`(${file.diffs} diffs)`);
  return parts.join(' ');
}
