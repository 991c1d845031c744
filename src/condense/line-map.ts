// A stream read sparsely holds each run of lines it did not read as one empty entry standing for all of them:
// memory follows what was read, not the stream's length, and no unread line can pass for an empty one.

/** Entries of a stream's lines that stand for lines not read: entry index → how many stored lines it stands for. */
export type UnreadRuns = ReadonlyMap<number, number>;

/** Where each entry of a stream's lines sits in the stored stream (1-based line numbers). */
export interface LineMap {
  /** Lines in the stored stream. */
  total: number;
  /** 1 where the entry stands for lines not read; undefined when every line was read. */
  unread: Uint8Array | undefined;
  /** The stored number of the first line entry `i` stands for. */
  first(i: number): number;
  /** The stored number of the last line entry `i` stands for (`first(i) - 1` for an entry standing for none). */
  last(i: number): number;
}

export function lineMap(entries: number, runs?: UnreadRuns): LineMap {
  if (runs === undefined || runs.size === 0)
    return { total: entries, unread: undefined, first: (i) => i + 1, last: (i) => i + 1 };
  const unread = new Uint8Array(entries);
  const starts = new Float64Array(entries + 1);
  starts[0] = 1;
  for (let i = 0; i < entries; i++) {
    const run = runs.get(i);
    if (run !== undefined) unread[i] = 1;
    starts[i + 1] = (starts[i] as number) + (run ?? 1);
  }
  return {
    total: (starts[entries] as number) - 1,
    unread,
    first: (i) => starts[i] as number,
    last: (i) => (starts[i + 1] as number) - 1,
  };
}
