import type { RecordMeta } from './record-meta.js';
import type { RecordWriter } from './record-writer.js';

/** How many ids of empty records the disk refused are remembered, so that reading one says why it is missing. */
const REFUSED_KEPT = 64;

/**
 * The records of a store whose `finish` is still writing. A run with no output returns its result before its
 * record's folder and meta are on disk (two thread-pool round trips, 0.9 ms at the median on a loaded machine):
 * readers of its id wait here first, and an exit of the host before they are written writes them synchronously.
 */
export class PendingFinishes {
  private readonly finishing = new Map<string, Promise<unknown>>();
  private readonly empty = new Map<string, () => void>();
  private readonly refused = new Map<string, string>();
  private readonly writeOnExit = (): void => {
    for (const write of this.empty.values()) write();
  };

  /** Tracks `writer.finish(facts)` (`finishing`) until it settles; `wasEmpty`: the writer's `isEmpty` before it. */
  track(writer: RecordWriter, facts: Partial<RecordMeta>, finishing: Promise<RecordMeta>, wasEmpty: boolean): void {
    const { id } = writer;
    this.finishing.set(id, finishing);
    if (wasEmpty) {
      if (this.empty.size === 0) process.on('exit', this.writeOnExit);
      this.empty.set(id, () => writer.finishSync(facts));
    }
    void finishing
      .then(
        (meta) => {
          if (wasEmpty && !writer.stored) this.remember(id, meta.recordError);
        },
        () => undefined,
      )
      .finally(() => {
        this.finishing.delete(id);
        if (this.empty.delete(id) && this.empty.size === 0) process.off('exit', this.writeOnExit);
      });
  }

  /** Resolves once the record `id` is finished (at once when it is not being finished). */
  async settled(id: string): Promise<void> {
    await this.finishing.get(id)?.catch(() => undefined);
  }

  /** Resolves once every record being finished now is. */
  async all(): Promise<void> {
    await Promise.all([...this.finishing.values()].map((finishing) => finishing.catch(() => undefined)));
  }

  /** Why the disk refused the empty record `id` whose run returned before that was known, if it did. */
  refusal(id: string): string | undefined {
    return this.refused.get(id);
  }

  private remember(id: string, why: unknown): void {
    this.refused.set(id, typeof why === 'string' ? why : 'The record could not be written.');
    if (this.refused.size > REFUSED_KEPT) this.refused.delete(this.refused.keys().next().value!);
  }
}
