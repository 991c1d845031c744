// Counts for listings (ls -l, find, tree, git status): entries by kind and by directory, and for an
// `ls -l` of one folder every name (folders marked `/`), so a cut listing still names every entry.

const LS_LONG = /^([dlcbps-])[rwxsStT-]{9}[.+@]?\s/;
const STATUS = /^\t(modified|deleted|new file|renamed|both modified|both added|typechange):\s/;
const TOP_DIRS = 12;
const LS_NAME = /^\S+\s+\d+\s+\S+\s+\S+\s+(?:\d+,\s*)?\d+\s+\S+\s+\S+\s+\S+\s(.+)$/;
const MAX_NAME_CHARS = 3000;

export function listingOverview(lines: readonly string[]): string[] {
  const kinds = new Map<string, number>();
  const dirs = new Map<string, number>();
  let entries = 0;
  const names: string[] = [];
  let namesChars = 0;
  let unnamed = 0;
  // `tree` drawing is looked for line by line only when the output starts like one
  const tree: TreeState | undefined = lines.slice(0, 50).some((line) => TREE_ENTRY.test(line))
    ? { stack: [], plain: undefined }
    : undefined;
  for (const line of lines) {
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '')) continue;
    const ls = LS_KINDS.includes(line.charAt(0)) ? LS_LONG.exec(line) : null;
    const status = line.charCodeAt(0) === 9 ? STATUS.exec(line) : null;
    if (ls !== null) {
      bump(kinds, KIND_NAMES[ls[1] as string] ?? 'other');
      const name = lsName(line, ls[1] as string);
      if (name !== undefined && name !== null && namesChars + name.length < MAX_NAME_CHARS) {
        names.push(name);
        namesChars += name.length + 1;
      } else if (name !== null) unnamed++;
    } else if (status !== null) bump(kinds, status[1] as string);
    const path = (tree === undefined ? undefined : treePath(tree, line)) ?? pathOf(line);
    if (path === undefined) continue;
    entries++;
    const slash = path.lastIndexOf('/');
    bump(dirs, slash <= 0 ? '.' : path.slice(0, Math.min(slash, nthSlash(path, 3))));
  }
  const out: string[] = [];
  if (kinds.size > 0) out.push(`[overview: ${[...kinds].map(([k, v]) => `${v} ${k}`).join(', ')}]`);
  if (names.length > 0) out.push(`[overview: names: ${names.join(' ')}${unnamed > 0 ? ` … and ${unnamed} more` : ''}]`);
  if (dirs.size > 1) {
    const top = [...dirs].sort((a, b) => b[1] - a[1]).slice(0, TOP_DIRS);
    const rest = dirs.size - top.length;
    out.push(
      `[overview: ${entries} paths in ${dirs.size} directories: ${top.map(([d, v]) => `${d}/ (${v})`).join(', ')}${rest > 0 ? `, … ${rest} more` : ''}]`,
    );
  }
  return out;
}

/** The entry's name in an `ls -l` line (a folder's with `/`, a link's without its target); null for `.` and `..`, undefined when unreadable. */
function lsName(line: string, kind: string): string | null | undefined {
  const match = LS_NAME.exec(line);
  if (match === null) return undefined;
  let name = match[1] as string;
  if (kind === 'l') name = name.replace(/ -> .*$/, '');
  if (name === '.' || name === '..') return null;
  return kind === 'd' ? `${name}/` : name;
}

/** An `ls -l` listing whose every entry is named by {@link listingOverview}: its lines add only metadata. */
export function namesEveryEntry(overview: readonly string[]): boolean {
  return overview.some((line) => line.startsWith('[overview: names: ') && !/ … and \d+ more\]$/.test(line));
}

const KIND_NAMES: Record<string, string> = {
  d: 'directories',
  '-': 'files',
  l: 'links',
  c: 'devices',
  b: 'devices',
  p: 'pipes',
  s: 'sockets',
};

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

const TREE_ENTRY = /^((?:[│|][\s\u00a0]{3}|[\s\u00a0]{4})*)(?:[├└]── |[|`]-- )(.+)$/u;

interface TreeState {
  /** The names above the current entry, by depth (the root first). */
  stack: string[];
  /** The previous line, when it was no tree entry: the root of a tree that starts next. */
  plain: string | undefined;
}

/** The whole path of a `tree` entry, from the names above it, or undefined for a line that is no tree entry. */
function treePath(state: TreeState, line: string): string | undefined {
  const entry = line.includes('── ') || line.includes('-- ') ? TREE_ENTRY.exec(line) : null;
  if (entry === null) {
    state.plain = line;
    return undefined;
  }
  const depth = (entry[1] as string).length / 4 + 1;
  if (depth === 1 && state.plain !== undefined) state.stack = [state.plain.replace(/\/$/, '')];
  state.plain = undefined;
  if (state.stack.length === 0) return undefined;
  state.stack.splice(depth);
  const path = [...state.stack, entry[2] as string].join('/');
  state.stack.push(entry[2] as string);
  return path;
}

/** The last word of the line (after tree-drawing characters), when it holds a `/`. */
function pathOf(line: string): string | undefined {
  if (!line.includes('/')) return undefined;
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) <= 32) end--;
  const start = Math.max(line.lastIndexOf(' ', end - 1), line.lastIndexOf('\t', end - 1)) + 1;
  let last = start === 0 && end === line.length ? line : line.slice(start, end);
  if (!last.includes('/')) return undefined;
  if (start > 0 && TREE_ONLY.test(line.slice(0, start))) last = last.replace(TREE_PREFIX, '');
  return last.startsWith('./') ? last.slice(2) : last;
}

/** Index of the n-th `/` in the text (its length when there are fewer). */
function nthSlash(text: string, n: number): number {
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = text.indexOf('/', at + 1);
    if (at === -1) return text.length;
  }
  return at;
}

const LS_KINDS = 'dlcbps-';
const TREE_ONLY = /^[│├└─\s|`-]*$/;
const TREE_PREFIX = /^[│├└─|`-]+/;
