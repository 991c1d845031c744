// Tables (ps, ss, dpkg -l, kubectl get, docker ps, psql, sqlite3, CSV): the header, and every row whose value in a
// status-like column is rare (a failed job among succeeded ones, a zombie, a CLOSE-WAIT socket, a half-configured
// package) or that carries a problem word, kept in full; each such column counted in the overview.

import type { DataView } from './data-view-types.js';
import { hasProblemWord } from './problem-words.js';

type Splitter = (line: string) => string[];

const HEADER_SEARCH_LINES = 30;
const MIN_ROWS = 20;
const MAX_CATEGORIES = 12;
const RARE_SHARE = 0.05;
const MIN_RARE = 3;
const MAX_PINNED_ROWS = 80;
const SEPARATOR = /^[\s\-=+|:]+$/;
const NUMERIC = /^[-+]?[\d.,:%]+[KMGTkmgt]?$/;
const ALIGNED_GAPS = /\S {2,}\S.* {2,}\S/;

const bySpaces =
  (columns: number): Splitter =>
  (line) =>
    line.trim().split(/\s+/).slice(0, columns);
const byPipes: Splitter = (line) =>
  line
    .replace(/^\s*\|/, '')
    .split('|')
    .map((cell) => cell.trim());
const by =
  (separator: string): Splitter =>
  (line) =>
    line.split(separator).map((cell) => cell.trim());

/** How the header splits into cells, when the line can head a table; the last cell of a spaced table may hold spaces. */
function splitterFor(header: string): Splitter | undefined {
  if ((header.match(/ \| /g)?.length ?? 0) >= 2 || /^\s*\|.*\|.*\|/.test(header)) return byPipes;
  if ((header.match(/\t/g)?.length ?? 0) >= 2) return by('\t');
  if (!header.includes(' ') && (header.match(/,/g)?.length ?? 0) >= 2) return by(',');
  if (ALIGNED_GAPS.test(header)) return bySpaces(Math.max(2, header.trim().split(/\s+/).length - 1));
  return undefined;
}

interface Table {
  header: number;
  split: Splitter;
  rows: number[];
}

function findTable(lines: readonly string[]): Table | undefined {
  const limit = Math.min(lines.length, HEADER_SEARCH_LINES);
  for (let h = 0; h < limit; h++) {
    const header = lines[h] as string;
    const split = splitterFor(header);
    if (split === undefined) continue;
    const columns = split(header).length;
    if (columns < 3) continue;
    const fits = (line: string): boolean => {
      const cells = split(line).length;
      return cells >= 3 && cells <= columns + 1;
    };
    const first: string[] = [];
    for (let i = h + 1; i < lines.length && first.length < 10; i++) {
      const line = lines[i] as string;
      if (line.trim() !== '' && !SEPARATOR.test(line)) first.push(line);
    }
    if (first.length < 5 || first.filter(fits).length < first.length - 1) continue;
    const rows: number[] = [];
    for (let i = h + 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line.trim() !== '' && !SEPARATOR.test(line) && fits(line)) rows.push(i);
    }
    return rows.length >= MIN_ROWS ? { header: h, split, rows } : undefined;
  }
  return undefined;
}

export function tableView(lines: readonly string[]): DataView | undefined {
  const table = findTable(lines);
  if (table === undefined) return undefined;
  const { rows, split } = table;
  const names = split(lines[table.header] as string);
  const cells = rows.map((i) => split(lines[i] as string));
  const rareLimit = Math.max(MIN_RARE, rows.length * RARE_SHARE);
  const pinned = new Set<number>([table.header]);
  const counted: string[] = [];
  const wanted = new Set<number>();
  for (let column = 0; column < names.length; column++) {
    const values = new Map<string, number>();
    for (const row of cells) {
      const value = row[column];
      if (value !== undefined && value !== '') values.set(value, (values.get(value) ?? 0) + 1);
    }
    if (values.size < 2 || values.size > MAX_CATEGORIES) continue;
    const sorted = [...values].sort((a, b) => b[1] - a[1]);
    const [top, topCount] = sorted[0] as [string, number];
    if (topCount * 2 < rows.length || NUMERIC.test(top)) continue;
    const rare = new Set(sorted.filter(([value, n]) => n <= rareLimit && !NUMERIC.test(value)).map(([value]) => value));
    if (rare.size === 0) continue;
    counted.push(`${names[column]}: ${sorted.map(([value, n]) => `${value} ×${n}`).join(', ')}`);
    cells.forEach((row, k) => {
      if (!rare.has(row[column] as string)) return;
      wanted.add(rows[k] as number);
      if (pinned.size <= MAX_PINNED_ROWS) pinned.add(rows[k] as number);
    });
  }
  let problemRows = 0;
  for (const i of rows) {
    if (!hasProblemWord(lines[i] as string)) continue;
    problemRows++;
    wanted.add(i);
    if (pinned.size <= MAX_PINNED_ROWS) pinned.add(i);
  }
  if (counted.length === 0 && problemRows === 0) return undefined;
  const parts = [`${rows.length} rows`, ...counted];
  if (problemRows > 0) parts.push(`${problemRows} with a problem word`);
  const shown = pinned.size - 1 < wanted.size ? `; the first ${pinned.size - 1} such rows are shown` : '';
  return { header: [`[overview: ${parts.join('; ')}${shown}]`], pinned: [...pinned] };
}
