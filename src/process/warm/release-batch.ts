/**
 * A run that ended is released with the next start (one message fewer a run), or after this long alone. Until then
 * the helper would still sweep it if the host died, when its group and cgroup are long gone.
 */
const RELEASE_BATCH_MS = 50;

/** The ids of ended runs the helper has not been told to release yet, sent in one go. */
export class ReleaseBatch {
  private ids: number[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sendAlone: (ids: number[]) => void) {}

  add(id: number): void {
    this.ids.push(id);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const ids = this.take();
      if (ids) this.sendAlone(ids);
    }, RELEASE_BATCH_MS).unref();
  }

  /** The pending ids, to go with a message being sent anyway; undefined when there are none. */
  take(): number[] | undefined {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.ids.length === 0) return undefined;
    const ids = this.ids;
    this.ids = [];
    return ids;
  }

  clear(): void {
    this.ids = [];
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
