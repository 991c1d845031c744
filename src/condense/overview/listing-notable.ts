// The notable entries of a listing: the folders holding most entries (below where all paths part, for `find`; the
// top entries of a `tree`; the folders of an `ls -R` with most entries), and the biggest entries of a `du`.

import type { DataView } from './data-view-types.js';

const TOP = 10;
const DU = /^(\d+(?:[.,]\d+)?)([KMGTP]?)i?B?\t(.+)$/;
const UNIT: Readonly<Record<string, number>> = { '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15 };
const TREE_TOP = /^(?:[├└]── |[|`]-- )(.+)$/u;
const TREE_DEEPER = /^(?:[│|][\s\u00a0]{3}|[\s\u00a0]{4})/u;
const LS_HEADING = /^(\S.*):$/;

export function notableListing(lines: readonly string[]): DataView | undefined {
  const header: string[] = [];
  const pinned = biggestDu(lines);
  const folders = lsRecursiveFolders(lines) ?? treeTops(lines) ?? pathFolders(lines);
  if (folders !== undefined && folders.size > 1) {
    const top = [...folders].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    header.push(`[overview: folders with most entries: ${top.map(([f, n]) => `${f} (${n})`).join(', ')}]`);
  }
  return header.length === 0 && pinned.length === 0 ? undefined : { header, pinned };
}

/** The lines of the biggest entries of a `du` listing. */
function biggestDu(lines: readonly string[]): number[] {
  const sizes: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = DU.exec(lines[i] as string);
    if (match !== null) sizes.push([i, Number((match[1] as string).replace(',', '.')) * (UNIT[match[2] as string] ?? 1)]);
  }
  if (sizes.length <= TOP) return [];
  return sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([i]) => i);
}

/** Entries per folder of an `ls -R` (each folder's heading `path:` then its entries). */
function lsRecursiveFolders(lines: readonly string[]): Map<string, number> | undefined {
  const folders = new Map<string, number>();
  let folder: string | undefined;
  for (const line of lines) {
    const heading = LS_HEADING.exec(line);
    if (heading !== null) folders.set((folder = heading[1] as string), 0);
    else if (folder !== undefined && line.trim() !== '' && !line.startsWith('total '))
      folders.set(folder, (folders.get(folder) as number) + 1);
  }
  return folders.size > 1 ? folders : undefined;
}

/** Entries below each top entry of a `tree`. */
function treeTops(lines: readonly string[]): Map<string, number> | undefined {
  const tops = new Map<string, number>();
  let top: string | undefined;
  for (const line of lines) {
    const entry = TREE_TOP.exec(line);
    if (entry !== null) tops.set((top = entry[1] as string), 0);
    else if (top !== undefined && TREE_DEEPER.test(line)) tops.set(top, (tops.get(top) as number) + 1);
  }
  return tops.size > 1 ? tops : undefined;
}

/** Entries below each folder one level under where all the paths of a `find` part. */
function pathFolders(lines: readonly string[]): Map<string, number> | undefined {
  const paths = lines
    .filter((line) => line.includes('/') && !line.startsWith(' ') && !line.includes('\t'))
    .map((line) => line.replace(/^\.\//, ''));
  if (paths.length < 2) return undefined;
  let common = (paths[0] as string).split('/');
  for (const path of paths) {
    const parts = path.split('/');
    let k = 0;
    while (k < common.length && k < parts.length - 1 && parts[k] === common[k]) k++;
    common = common.slice(0, k);
  }
  const depth = common.length + 1;
  const folders = new Map<string, number>();
  for (const path of paths) {
    const parts = path.split('/');
    if (parts.length <= depth) continue;
    const folder = parts.slice(0, depth).join('/');
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  return folders.size > 1 ? folders : undefined;
}
