// The files a `--stat`, `--numstat` or `--name-status` listing names (of a diff or of each commit of a log), and
// the folder-grouped lines that name them all: `[overview: src/v4/locales/ ru.ts +1, be.ts +2 −1]`.

/** Up to this many files are all named; past it, a count of the rest. */
export const MAX_NAMED_FILES = 400;
/** Past this many files, the names go without their counts, so a few hundred fit the budget. */
const MAX_COUNTED_FILES = 120;
const MAX_FOLDERS = 150;

const STAT = /^ (\S.*?)\s+\|\s+(\d+|Bin\b)/;
const NUMSTAT = /^(\d+|-)\t(\d+|-)\t(.+)$/;
const NAME_STATUS = /^([ACDMRTUX])\d*\t(.+)$/;

/** Each file of the listing lines with what is said of it (`+3 −1`, `12`, `M`), in order, repeats merged. */
export function listedFiles(lines: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of lines) {
    const first = line.charCodeAt(0);
    if (first === 32) {
      const stat = line.includes('|') ? STAT.exec(line) : null;
      if (stat !== null) files.set(stat[1] as string, stat[2] as string);
    } else if (line.includes('\t')) {
      const numstat = NUMSTAT.exec(line);
      if (numstat !== null) {
        files.set(renamed(numstat[3] as string), `+${numstat[1]} −${numstat[2]}`);
        continue;
      }
      const status = NAME_STATUS.exec(line);
      if (status !== null) files.set(renamed(status[2] as string), status[1] as string);
    }
  }
  return files;
}

/** The new path of a rename (`old\tnew`, `{a => b}`), else the path. */
function renamed(path: string): string {
  const tab = path.lastIndexOf('\t');
  return tab === -1 ? path : path.slice(tab + 1);
}

/** One `[overview: folder/ name count, …]` line per folder, every file named up to {@link MAX_NAMED_FILES}. */
export function folderLines(files: ReadonlyMap<string, string>): string[] {
  const withCounts = files.size <= MAX_COUNTED_FILES;
  const folders = new Map<string, string[]>();
  let shown = 0;
  for (const [path, said] of files) {
    if (shown >= MAX_NAMED_FILES) break;
    const slash = path.lastIndexOf('/') + 1;
    const folder = path.slice(0, slash);
    const entries = folders.get(folder);
    if (entries === undefined && folders.size >= MAX_FOLDERS) continue;
    const entry = withCounts && said !== '' ? `${path.slice(slash)} ${said}` : path.slice(slash);
    if (entries === undefined) folders.set(folder, [entry]);
    else entries.push(entry);
    shown++;
  }
  const out = [...folders].map(([folder, entries]) => `[overview: ${folder === '' ? '' : `${folder} `}${entries.join(', ')}]`);
  if (files.size > shown) out.push(`[overview: … and ${files.size - shown} more files]`);
  return out;
}

/** The overview of a listing names every one of its files (see the stat overview of diff.ts). */
export function namesEveryListedFile(header: readonly string[]): boolean {
  return (
    /^\[overview: \d+ files? listed\]$/.test(header[0] ?? '') && !header.some((line) => line.startsWith('[overview: … and '))
  );
}
