import { cpuWaitMs } from './cpu-wait.js';

export interface SyncGateOptions {
  /** A synchronous operation slower than this, not counting the time its thread waited for a CPU, is slow. @defaultValue 1 */
  slowMs?: number;
  /** Slow operations that took more than this in all within `windowMs` send the next ones to the thread pool. @defaultValue 10 */
  budgetMs?: number;
  /** The span `budgetMs` is counted over, from the first slow operation in it. @defaultValue 1 000 */
  windowMs?: number;
  /** How long they go through the thread pool then. @defaultValue 10 000 */
  coolOffMs?: number;
  /** A monotonic clock in milliseconds. @defaultValue `performance.now` */
  now?: () => number;
  /** Milliseconds the thread has waited for a CPU so far. @defaultValue its schedstat's, where Linux says (else 0) */
  cpuWait?: () => number;
}

/**
 * Runs a store's small disk operations on the event loop while the disk answers quickly, and through the thread pool
 * for `coolOffMs` once those over `slowMs` took more than `budgetMs` in all within `windowMs`, then tries on the loop
 * again. It gates what costs less on the loop than its hand-off to the pool: a spare folder's meta overwritten in
 * place and its rename, an evicted folder's rename to a spare (spare-folders.ts). Handing a call to the pool held
 * the loop 35–58 µs here (the wake-up of a pool thread), those calls on the loop 15–30 µs; but on a disk busy with
 * other work one synchronous call blocked the loop up to 55 ms (a mkdir) and 200 ms (a removal).
 *
 * The budget is the loop's: its p99 delay is promised at 2 ms, and calls over 1 ms blocking it 1 % of a second at
 * most (10 ms) leave its delays' p99 to the rest. A disk that stalls now and then stays on the loop; a busy one goes
 * to the thread pool within its first slow calls, or at once for one call over 10 ms. The time a call waited for a
 * CPU does not count: a loop preempted there would have been preempted elsewhere.
 */
export class SyncGate {
  /** Operations run synchronously, through the thread pool, and synchronous ones found slow: for tests and benches. */
  syncOps = 0;
  asyncOps = 0;
  slowOps = 0;
  private readonly slowMs: number;
  private readonly budgetMs: number;
  private readonly windowMs: number;
  private readonly coolOffMs: number;
  private readonly now: () => number;
  private readonly cpuWait: () => number;
  private asyncUntil = Number.NEGATIVE_INFINITY;
  private windowStart = Number.NEGATIVE_INFINITY;
  private slowMsInWindow = 0;

  constructor(options: SyncGateOptions = {}) {
    this.slowMs = options.slowMs ?? 1;
    this.budgetMs = options.budgetMs ?? 10;
    this.windowMs = options.windowMs ?? 1_000;
    this.coolOffMs = options.coolOffMs ?? 10_000;
    this.now = options.now ?? (() => performance.now());
    this.cpuWait = options.cpuWait ?? cpuWaitMs;
  }

  /** Whether the next operation runs synchronously. */
  get isSync(): boolean {
    return this.now() >= this.asyncUntil;
  }

  /** `syncOp` timed when the disk was quick lately (its throw becomes the rejection), else `asyncOp`. */
  run<T>(syncOp: () => T, asyncOp: () => Promise<T>): Promise<T> {
    const started = this.now();
    if (started < this.asyncUntil) {
      this.asyncOps += 1;
      return asyncOp();
    }
    this.syncOps += 1;
    const waited = this.cpuWait();
    try {
      return Promise.resolve(syncOp());
    } catch (error) {
      return Promise.reject(error as Error);
    } finally {
      const ended = this.now();
      if (ended - started > this.slowMs) this.noteSlow(ended, ended - started - (this.cpuWait() - waited));
    }
  }

  /** A call that took `ms` (its wait for a CPU aside) and ended at `at`. */
  private noteSlow(at: number, ms: number): void {
    if (ms <= this.slowMs) return;
    this.slowOps += 1;
    if (at - this.windowStart > this.windowMs) {
      this.windowStart = at;
      this.slowMsInWindow = 0;
    }
    this.slowMsInWindow += ms;
    if (this.slowMsInWindow > this.budgetMs) {
      this.asyncUntil = at + this.coolOffMs;
      this.windowStart = Number.NEGATIVE_INFINITY;
    }
  }
}
