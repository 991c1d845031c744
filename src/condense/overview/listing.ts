// Counts for listings (ls -l, find, tree, git status): entries by kind and by directory.

const LS_LONG = /^([dlcbps-])[rwxsStT-]{9}[.+@]?\s/;
const STATUS = /^\t(modified|deleted|new file|renamed|both modified|both added|typechange):\s/;
const TOP_DIRS = 12;

export function listingOverview(lines: readonly string[]): string[] {
  const kinds = new Map<string, number>();
  const dirs = new Map<string, number>();
  let entries = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const ls = LS_KINDS.includes(line.charAt(0)) ? LS_LONG.exec(line) : null;
    const status = line.charCodeAt(0) === 9 ? STATUS.exec(line) : null;
    if (ls !== null) bump(kinds, KIND_NAMES[ls[1] as string] ?? 'other');
    else if (status !== null) bump(kinds, status[1] as string);
    const path = pathOf(line);
    if (path === undefined) continue;
    entries++;
    const slash = path.lastIndexOf('/');
    bump(dirs, slash <= 0 ? '.' : path.slice(0, Math.min(slash, nthSlash(path, 3))));
  }
  const out: string[] = [];
  if (kinds.size > 0) out.push(`[overview: ${[...kinds].map(([k, v]) => `${v} ${k}`).join(', ')}]`);
  if (dirs.size > 1) {
    const top = [...dirs].sort((a, b) => b[1] - a[1]).slice(0, TOP_DIRS);
    const rest = dirs.size - top.length;
    out.push(`[overview: ${entries} paths in ${dirs.size} directories: ${top.map(([d, v]) => `${d}/ (${v})`).join(', ')}${rest > 0 ? `, … ${rest} more` : ''}]`);
  }
  return out;
}

const KIND_NAMES: Record<string, string> = { d: 'directories', '-': 'files', l: 'links', c: 'devices', b: 'devices', p: 'pipes', s: 'sockets' };

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The last word of the line (after tree-drawing characters), when it holds a `/`. */
function pathOf(line: string): string | undefined {
  let end = line.length;
  while (end > 0 && isSpace(line.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && !isSpace(line.charCodeAt(start - 1))) start--;
  let last = line.slice(start, end);
  if (!last.includes('/')) return undefined;
  if (TREE_ONLY.test(line.slice(0, start))) last = last.replace(TREE_PREFIX, '');
  return last.startsWith('./') ? last.slice(2) : last;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));
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
