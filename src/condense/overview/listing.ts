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
    const ls = LS_LONG.exec(line);
    const status = STATUS.exec(line);
    if (ls !== null) bump(kinds, KIND_NAMES[ls[1] as string] ?? 'other');
    else if (status !== null) bump(kinds, status[1] as string);
    const path = pathOf(line);
    if (path === undefined) continue;
    entries++;
    const slash = path.lastIndexOf('/');
    bump(dirs, slash <= 0 ? '.' : path.slice(0, slash).split('/').slice(0, 3).join('/'));
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

function pathOf(line: string): string | undefined {
  const last = line.trim().replace(/^[│├└─\s|`-]+/, '').split(/\s+/).pop();
  if (last === undefined || !last.includes('/')) return undefined;
  return last.replace(/^\.\//, '');
}
