/** The union of two ascending lists of offsets, ascending, each once. */
export function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  if (a.length === 0) return b as number[];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const take =
      j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number)) ? (a[i++] as number) : (b[j++] as number);
    if (out.length === 0 || out[out.length - 1] !== take) out.push(take);
  }
  return out;
}
