import type { TraceList } from './types.js';

/** A deduplicating list that keeps the first `max` entries and counts them all. */
export class CappedSet {
  readonly #seen = new Set<string>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  add(item: string): void {
    this.#seen.add(item);
  }

  toList(): TraceList {
    return { items: [...this.#seen].slice(0, this.#max), count: this.#seen.size };
  }
}
