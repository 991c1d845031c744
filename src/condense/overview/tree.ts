// Annotated trees (npm ls, cargo tree, pstree, tree, lsblk, mvn dependency:tree): every entry carrying a
// problem word is kept in full, with every entry above it, so the view says where in the tree it sits.

import type { DataView } from './data-view-types.js';
import { problemWordOf } from './problem-words.js';

/** A log tag some tools put before each line (`[INFO] ` of Maven), then the tree drawing. */
const DRAWING = /^(?:\[[A-Z]+\] )?[\s│├└─┬┼|`+\\-]*/u;
const CONNECTOR = /[├└]|[|`+\\]-/u;
const SAMPLE_LINES = 40;
const MAX_PROBLEMS = 150;

/** Where the entry's name starts: its depth in the tree. */
function depthOf(line: string): number {
  return (DRAWING.exec(line) as RegExpExecArray)[0].length;
}

/** True when most of the first lines are tree entries. */
export function looksLikeTree(lines: readonly string[]): boolean {
  let entries = 0;
  let seen = 0;
  for (let i = 0; i < lines.length && seen < SAMPLE_LINES; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    seen++;
    const drawn = (DRAWING.exec(line) as RegExpExecArray)[0];
    if (CONNECTOR.test(drawn)) entries++;
  }
  return seen >= 3 && entries * 2 >= seen;
}

export function treeView(lines: readonly string[]): DataView | undefined {
  if (!looksLikeTree(lines)) return undefined;
  const pinned = new Set<number>();
  const words = new Map<string, number>();
  let problems = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const word = problemWordOf(line);
    if (word === undefined) continue;
    problems++;
    words.set(word, (words.get(word) ?? 0) + 1);
    if (problems > MAX_PROBLEMS) continue;
    pinned.add(i);
    let depth = depthOf(line);
    for (let j = i - 1; j >= 0 && depth > 0; j--) {
      const above = lines[j] as string;
      if (above.trim() === '') continue;
      const d = depthOf(above);
      if (d < depth) {
        pinned.add(j);
        depth = d;
      }
    }
  }
  if (problems === 0) return undefined;
  const counts = [...words].map(([w, n]) => `${w} ×${n}`).join(', ');
  const beyond = problems > MAX_PROBLEMS ? `; the first ${MAX_PROBLEMS} are shown` : '';
  return {
    header: [
      `[overview: ${problems} tree entr${problems === 1 ? 'y' : 'ies'} with a problem (${counts}), each shown with the entries above it${beyond}]`,
    ],
    pinned: [...pinned],
  };
}
