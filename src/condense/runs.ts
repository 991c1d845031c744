// Runs of ordinary lines: a stretch of adjacent lines of one shape (compile lines, `Entering directory`, passing tests,
// downloads) says no more than its first line and a count. Look-alikes spread among other lines are not a run: each
// may name another thing (`u1.c: undefined reference …`, `u2.c: …`), and stays.
import { Role } from './roles.js';
import { shapeOf } from './shape.js';

/** Adjacent look-alikes before a run folds. */
const MIN_RUN = 3;

/** 1 for each line of a run but its first, and for noise lines: what a view of an output that fits leaves out. */
export function ordinaryRuns(lines: readonly string[], roles: Uint8Array, shapes: Float64Array): Uint8Array {
  const hidden = new Uint8Array(lines.length);
  const shapeAt = (i: number): number => {
    const known = shapes[i] as number;
    return Number.isNaN(known) ? shapeOf(lines[i] as string) : known;
  };
  const isOrdinary = (i: number): boolean => (roles[i] as number) <= Role.normal && (lines[i] as string).trim() !== '';
  let i = 0;
  while (i < lines.length) {
    if (roles[i] === Role.noise && (lines[i] as string).trim() !== '') hidden[i] = 1;
    if (!isOrdinary(i)) {
      i++;
      continue;
    }
    const shape = shapeAt(i);
    let j = i + 1;
    while (j < lines.length && isOrdinary(j) && shapeAt(j) === shape) j++;
    if (j - i >= MIN_RUN) hidden.fill(1, i + 1, j);
    i = j;
  }
  return hidden;
}
