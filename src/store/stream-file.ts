import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { DIRECT_BLOCK_BYTES, DirectWriteFailed, DirectWrites } from './direct-writes.js';
import { StreamReader } from './stream-reader.js';

// A write costs tens of µs on the event loop whatever its size (the thread-pool round trip), and the kernel's side
// costs less per byte in bigger writes (ext4, loaded machine, alternating A/B: 1 GiB took 1.44 s of the thread
// pool's CPU in 1 MiB writes, 1.25 s in 4 MiB ones), so a busy stream is written 4 MiB or more at a time, its chunks handed over as they came (writev,
// no copy): 256 writes per GiB. Readers of a live record flush what is pending. The producer pauses above twice
// this (stream-capture.ts): a batch always starts before it does.
export const BATCH_BYTES = 4 * 1024 * 1024;

// Past this, a stream is written with O_DIRECT (direct-writes.ts), from a slab a batch fits in with its carry.
const DIRECT_FROM_BYTES = 8 * 1024 * 1024;
const SLAB_BYTES = BATCH_BYTES + 64 * 1024;
// Positioned writes, not O_APPEND: a direct write may leave the file's end past the byte the next write belongs at.
const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT;

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
  private direct: DirectWrites | undefined;
  private directTried = false;
  private appendedBytes = 0;
  private readonly lowWaiters: Array<{ bytes: number; resolve: () => void }> = [];
  /** Appends written so far (one per batch; partial writes of a nearly full disk count once each). */
  writes = 0;
  bytesWritten = 0;
  /** Bytes appended but never written because the file failed (a full disk, say). */
  bytesDropped = 0;
  /** Where direct writes began (past the page cache), if they did: what a reader passes to StreamReader. */
  directFrom: number | undefined;

  /** `ready` makes the folder (once) and resolves when it exists: called at the first write, so a run can start before its record's folder is made. */
  constructor(
    path: string,
    private readonly ready: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.path = path;
  }

  /** Appended bytes not on disk yet. */
  get pendingBytes(): number {
    return this.pendingSize + (this.direct?.unwrittenBytes ?? 0);
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
    this.appendedBytes += chunk.length;
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
    while (this.flushing || this.pendingBytes > 0) {
      if (!this.flushing) this.flushing = this.drain(1);
      await this.flushing;
    }
  }

  /** What was written, read back from the file in pieces of `chunkBytes` (after a flush). */
  async *readBack(chunkBytes: number): AsyncGenerator<Buffer> {
    await this.flush();
    const reader = await StreamReader.open(this.path, chunkBytes, this.directFrom);
    try {
      for (let at = 0; at < this.bytesWritten;) {
        const piece = await reader.read(Math.min(chunkBytes, this.bytesWritten - at), at);
        if (piece.length === 0) return;
        yield Buffer.from(piece);
        at += piece.length;
      }
    } finally {
      await reader.close();
    }
  }

  async close(): Promise<void> {
    await this.flush();
    // A handle that never opened (the failure is kept in `error`) has nothing to close.
    if (this.handle) await this.handle.then((handle) => handle.close()).catch(() => undefined);
    this.handle = undefined;
    await this.direct?.close();
    this.direct = undefined;
  }

  /** Writes batches while at least `minBytes` are pending (and, when that is 1, a direct write's carry too). */
  private async drain(minBytes: number): Promise<void> {
    try {
      this.handle ??= this.ready().then(() => open(this.path, WRITE_FLAGS, 0o600));
      const handle = await this.handle;
      while (this.pendingSize >= minBytes) {
        const batch = this.pending;
        const batchBytes = this.pendingSize;
        this.pending = [];
        this.pendingSize = 0;
        this.wakeLowWaiters();
        if (!this.directTried && this.bytesWritten + batchBytes >= DIRECT_FROM_BYTES) await this.goDirect(handle, batch);
        else if (this.direct) await this.writeDirect(handle, batch);
        else await this.writeBuffered(handle, batch);
      }
      if (minBytes === 1 && this.direct) await this.writeCarry(handle, this.direct);
    } catch (error) {
      this.failure = error as Error;
      this.bytesDropped += this.appendedBytes - this.bytesWritten;
      this.pending = [];
      this.pendingSize = 0;
      // its carry is dropped too: nothing is pending any more
      const direct = this.direct;
      this.direct = undefined;
      await direct?.close();
    } finally {
      this.flushing = undefined;
      this.wakeLowWaiters();
    }
  }

  /** Writes `batch` up to a block boundary through the page cache, and on from there directly where the system can. */
  private async goDirect(handle: FileHandle, batch: Buffer[]): Promise<void> {
    this.directTried = true;
    const [head, rest] = splitAt(batch, (DIRECT_BLOCK_BYTES - (this.bytesWritten % DIRECT_BLOCK_BYTES)) % DIRECT_BLOCK_BYTES);
    await this.writeBuffered(handle, head);
    this.direct = await DirectWrites.open(this.path, this.bytesWritten, SLAB_BYTES);
    if (this.direct) this.directFrom = this.bytesWritten;
    await (this.direct ? this.writeDirect(handle, rest) : this.writeBuffered(handle, rest));
  }

  private async writeDirect(handle: FileHandle, batch: Buffer[]): Promise<void> {
    const direct = this.direct!;
    try {
      this.writes += await direct.write(batch);
      this.bytesWritten = direct.written;
    } catch (error) {
      if (!(error instanceof DirectWriteFailed)) throw error;
      // Whatever refused it (a full disk, a file system without direct writes), the page cache takes the rest.
      this.direct = undefined;
      await direct.close();
      this.bytesWritten = error.at;
      await this.writeBuffered(handle, error.unwritten);
    }
  }

  /** The direct writes' bytes past their last whole block, through the page cache (kept, to be rewritten with the next block). */
  private async writeCarry(handle: FileHandle, direct: DirectWrites): Promise<void> {
    const before = this.bytesWritten;
    await this.writeBuffered(handle, [direct.tail()]);
    direct.tailWritten(this.bytesWritten - before);
  }

  /** Writes `batch` at the file's end through the page cache; a nearly full disk takes part of a write before refusing the rest. */
  private async writeBuffered(handle: FileHandle, batch: Buffer[]): Promise<void> {
    let unwritten = batch.reduce((sum, chunk) => sum + chunk.length, 0);
    while (unwritten > 0) {
      this.writes += 1;
      const { bytesWritten } = await handle.writev(batch, this.bytesWritten);
      if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: the file took no more bytes'), { code: 'ENOSPC' });
      unwritten -= bytesWritten;
      this.bytesWritten += bytesWritten;
      if (unwritten > 0) batch = unwrittenPart(batch, bytesWritten);
    }
  }
}

/** `chunks` split after their first `bytes` bytes (fewer if they hold fewer). */
function splitAt(chunks: readonly Buffer[], bytes: number): [Buffer[], Buffer[]] {
  const head: Buffer[] = [];
  let index = 0;
  for (let left = bytes; left > 0 && index < chunks.length; index += 1) {
    const chunk = chunks[index]!;
    if (chunk.length > left) {
      head.push(chunk.subarray(0, left));
      return [head, [chunk.subarray(left), ...chunks.slice(index + 1)]];
    }
    head.push(chunk);
    left -= chunk.length;
  }
  return [head, chunks.slice(index)];
}

/** What is left of `chunks` once their first `written` bytes are on disk. */
function unwrittenPart(chunks: readonly Buffer[], written: number): Buffer[] {
  let skip = written;
  let first = 0;
  while (skip >= chunks[first]!.length) skip -= chunks[first++]!.length;
  return [chunks[first]!.subarray(skip), ...chunks.slice(first + 1)];
}
