import { open, type FileHandle } from 'node:fs/promises';

// A write costs tens of µs on the event loop whatever its size (the thread-pool round trip), and the kernel's side
// costs less per byte in bigger writes (ext4, loaded machine, alternating A/B: 1 GiB took 1.44 s of the thread
// pool's CPU in 1 MiB writes, 1.25 s in 4 MiB ones), so a busy stream is written 4 MiB or more at a time, its chunks handed over as they came (writev,
// no copy): 256 writes per GiB. Readers of a live record flush what is pending. The producer pauses above twice
// this (stream-capture.ts): a batch always starts before it does.
export const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Appends chunks to a file in batches of at least 4 MiB (the rest at `flush`), one write in flight at a time.
 * `pendingBytes` lets the producer pause when the disk lags.
 */
export class StreamFile {
  readonly path: string;
  private handle: Promise<FileHandle> | undefined;
  private pending: Buffer[] = [];
  private pendingSize = 0;
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;
  private readonly lowWaiters: Array<{ bytes: number; resolve: () => void }> = [];
  /** Appends written so far (one per batch; partial writes of a nearly full disk count once each). */
  writes = 0;
  bytesWritten = 0;
  /** Bytes appended but never written because the file failed (a full disk, say). */
  bytesDropped = 0;

  /** `ready` makes the folder (once) and resolves when it exists: called at the first write, so a run can start before its record's folder is made. */
  constructor(
    path: string,
    private readonly ready: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.path = path;
  }

  get pendingBytes(): number {
    return this.pendingSize;
  }

  get error(): Error | undefined {
    return this.failure;
  }

  append(chunk: Buffer): void {
    if (this.failure) {
      this.bytesDropped += chunk.length;
      return;
    }
    this.pending.push(chunk);
    this.pendingSize += chunk.length;
    if (this.pendingSize >= BATCH_BYTES && !this.flushing) this.flushing = this.drain(BATCH_BYTES);
  }

  /** Resolves once fewer than `bytes` wait for a write (a batch was taken, or the file failed). */
  whenPendingBelow(bytes: number): Promise<void> {
    if (this.pendingSize < bytes || this.failure) return Promise.resolve();
    return new Promise((resolve) => this.lowWaiters.push({ bytes, resolve }));
  }

  private wakeLowWaiters(): void {
    for (let index = this.lowWaiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.lowWaiters[index]!;
      if (this.pendingSize >= waiter.bytes && !this.failure) continue;
      this.lowWaiters.splice(index, 1);
      waiter.resolve();
    }
  }

  /** Resolves once every appended byte is on disk (or the file failed). */
  async flush(): Promise<void> {
    while (this.flushing || this.pendingSize > 0) {
      if (!this.flushing) this.flushing = this.drain(1);
      await this.flushing;
    }
  }

  /** What was written, read back from the file in pieces of `chunkBytes` (after a flush). */
  async *readBack(chunkBytes: number): AsyncGenerator<Buffer> {
    await this.flush();
    const file = await open(this.path, 'r');
    try {
      for (let at = 0; at < this.bytesWritten;) {
        const { bytesRead, buffer } = await file.read(
          Buffer.alloc(Math.min(chunkBytes, this.bytesWritten - at)),
          0,
          Math.min(chunkBytes, this.bytesWritten - at),
          at,
        );
        if (bytesRead === 0) return;
        yield buffer.subarray(0, bytesRead);
        at += bytesRead;
      }
    } finally {
      await file.close();
    }
  }

  async close(): Promise<void> {
    await this.flush();
    // A handle that never opened (the failure is kept in `error`) has nothing to close.
    if (this.handle) await this.handle.then((handle) => handle.close()).catch(() => undefined);
    this.handle = undefined;
  }

  /** Writes batches while at least `minBytes` are pending. */
  private async drain(minBytes: number): Promise<void> {
    let unwritten = 0;
    try {
      this.handle ??= this.ready().then(() => open(this.path, 'a', 0o600));
      const handle = await this.handle;
      while (this.pendingSize >= minBytes) {
        let batch = this.pending;
        unwritten = this.pendingSize;
        this.pending = [];
        this.pendingSize = 0;
        this.wakeLowWaiters();
        // A nearly full disk takes part of a write before refusing the rest.
        while (unwritten > 0) {
          this.writes += 1;
          const { bytesWritten } = await handle.writev(batch);
          if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: the file took no more bytes'), { code: 'ENOSPC' });
          unwritten -= bytesWritten;
          this.bytesWritten += bytesWritten;
          if (unwritten > 0) batch = unwrittenPart(batch, bytesWritten);
        }
      }
    } catch (error) {
      this.failure = error as Error;
      this.bytesDropped += unwritten + this.pendingSize;
      this.pending = [];
      this.pendingSize = 0;
    } finally {
      this.flushing = undefined;
      this.wakeLowWaiters();
    }
  }
}

/** What is left of `chunks` once their first `written` bytes are on disk. */
function unwrittenPart(chunks: readonly Buffer[], written: number): Buffer[] {
  let skip = written;
  let first = 0;
  while (skip >= chunks[first]!.length) skip -= chunks[first++]!.length;
  return [chunks[first]!.subarray(skip), ...chunks.slice(first + 1)];
}
