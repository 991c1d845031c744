/** Most silent records held before their batch is written; a batch waits at most BATCH_WAIT_MS. */
const BATCH_MOST = 16;
const BATCH_WAIT_MS = 10;

/**
 * The finishes of silent runs' records (a folder and a meta each, written after the run returned), started together:
 * ten at once wake the thread pool's threads a few times, where one every run woke one each time (each wake-up costs
 * the host ~0.1 ms of CPU in this VM). A reader of one of them flushes the batch first (`flush`), so waits no longer.
 */
export class FinishBatch {
  private queued: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** `finish` runs with the batch; the promise settles as its own does. */
  add<T>(finish: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push(() => finish().then(resolve, reject));
      if (this.queued.length >= BATCH_MOST) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS);
    });
  }

  /** Starts every finish queued now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const queued = this.queued;
    this.queued = [];
    for (const start of queued) start();
  }
}
