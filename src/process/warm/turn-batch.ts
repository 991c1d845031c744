/** Several messages written as one, `{ op: 'batch', messages }` in order. */
export interface BatchMessage<T> {
  op: 'batch';
  messages: T[];
}

/** The messages a batch holds, or the message itself. */
export function unbatch<T>(message: T | BatchMessage<T>): T[] {
  return (message as BatchMessage<T>).op === 'batch' ? (message as BatchMessage<T>).messages : [message as T];
}

/**
 * The messages of one loop turn, written at its end as one: each write to the helper's channel may wake the other
 * process, and a wake is dear in a VM (a write that woke the helper cost the host ~0.1 ms of CPU here). With 8 runs
 * in flight the host started 3 runs a turn and the helper sent 4 messages a turn. A lone message goes as it is.
 */
export class TurnBatch<T> {
  private pending: T[] = [];

  constructor(private readonly write: (message: T | BatchMessage<T>) => void) {}

  add(message: T): void {
    if (this.pending.push(message) === 1) setImmediate(() => this.flush());
  }

  /** Writes what is pending now (before the channel closes). */
  flush(): void {
    const messages = this.pending;
    if (messages.length === 0) return;
    this.pending = [];
    this.write(messages.length === 1 ? messages[0]! : { op: 'batch', messages });
  }
}
