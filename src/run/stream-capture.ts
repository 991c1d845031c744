import type { Readable } from 'node:stream';
import { BATCH_BYTES, type StreamFile } from '../store/stream-file.js';
import { NewlineCounter } from './newline-counter.js';
import { TailBuffer } from './tail-buffer.js';

// A bounded queue: the child is paused only when this much waits behind the write in flight, and resumed
// as soon as the next batch is taken (not once everything is flushed), so reading goes on while writing.
// (Above the batch size, or the file would wait for more while the child waits for the file.)
const PAUSE_ABOVE_PENDING_BYTES = 2 * BATCH_BYTES;

/** What one stream produced: its exact size and line count, and the bytes kept in memory. */
export interface CapturedStream {
  totalBytes: number;
  lines: number;
  /** The first bytes, up to the head size. */
  head: Buffer;
  /** The last bytes, up to the tail size (overlapping `head` when the stream was short). */
  tail: Buffer;
}

/**
 * Drains a child's stream whole into its record file while memory holds only the head and a
 * bounded ring of the tail. Pauses the child when the disk falls behind, never dropping a byte.
 * (Starts reading the stream itself: a socket handed over in paused mode flows once attached.)
 */
export class StreamCapture {
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  private readonly tail: TailBuffer;
  private totalBytes = 0;
  private lines = 0;
  private lastByte = -1;
  private readonly newlines = new NewlineCounter();
  private readonly listeners = new Set<(chunk: Buffer) => void>();

  constructor(
    private readonly file: StreamFile,
    private readonly headBytes: number,
    tailBytes: number,
  ) {
    this.tail = new TailBuffer(tailBytes);
  }

  /** Called with every chunk as it arrives (jobs use it to wake waiting readers). */
  onData(listener: (chunk: Buffer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  attach(stream: Readable): void {
    stream.on('data', (chunk: Buffer) => {
      this.take(chunk);
      if (this.file.pendingBytes > PAUSE_ABOVE_PENDING_BYTES) {
        stream.pause();
        void this.file.whenPendingBelow(PAUSE_ABOVE_PENDING_BYTES).then(() => stream.resume());
      }
    });
    stream.resume();
  }

  private take(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    this.lines += this.newlines.count(chunk);
    this.lastByte = chunk[chunk.length - 1]!;
    if (this.headSize < this.headBytes) {
      const part = chunk.subarray(0, this.headBytes - this.headSize);
      this.headChunks.push(Buffer.from(part));
      this.headSize += part.length;
    }
    this.tail.push(chunk);
    this.file.append(chunk);
    for (const listener of this.listeners) listener(chunk);
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** Lines so far, an unterminated last line included. */
  get linesSoFar(): number {
    return this.lines + (this.totalBytes > 0 && this.lastByte !== 10 ? 1 : 0);
  }

  result(tailBytes: number): CapturedStream {
    const unterminated = this.totalBytes > 0 && this.lastByte !== 10 ? 1 : 0;
    return {
      totalBytes: this.totalBytes,
      lines: this.lines + unterminated,
      head: Buffer.concat(this.headChunks, this.headSize),
      tail: this.tail.last(tailBytes),
    };
  }
}
