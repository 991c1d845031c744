import type { CapturedStream } from '../run/stream-capture.js';
import { TailBuffer } from '../run/tail-buffer.js';
import type { StreamFile } from '../store/index.js';

const HEAD_BYTES = 256 * 1024;
const TAIL_BYTES = 4 * 1024 * 1024;
/** Bytes at the end of the output searched for a prompt (prompts are at the end). */
const PROMPT_WINDOW_BYTES = 4096;
/** Longest tail held back because it may be the start of a sentinel split across chunks. */
const SENTINEL_MAX_BYTES = 64;

/**
 * One step's output: whole into its record file, head and tail in memory, and the last few KB
 * kept apart for prompt detection. Bytes that may begin tersh's sentinel are held back until
 * the next chunk says whether they do.
 */
export class StepCapture {
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  private readonly tail = new TailBuffer(TAIL_BYTES);
  private readonly window = new TailBuffer(PROMPT_WINDOW_BYTES);
  private held: Buffer = Buffer.alloc(0);
  private totalBytes = 0;
  private lines = 0;
  private lastByte = -1;

  /** Without a file, the output is only watched (a banner before the first prompt, the aftermath of Ctrl-C). */
  constructor(private readonly file: StreamFile | undefined) {}

  /**
   * Takes a chunk; `findSentinel` sees the held-back bytes and the chunk as latin1 text. Returns the
   * status the sentinel carried when it was found (the step is over), else undefined.
   */
  take(
    chunk: Buffer,
    findSentinel: (raw: string) => { index: number; length: number; status: number } | undefined,
  ): number | undefined {
    const data = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    const found = findSentinel(data.toString('latin1'));
    if (found) {
      this.held = Buffer.alloc(0);
      this.commit(data.subarray(0, found.index));
      return found.status;
    }
    const escape = data.lastIndexOf(0x1b);
    const holdFrom = escape !== -1 && data.length - escape <= SENTINEL_MAX_BYTES ? escape : data.length;
    this.held = Buffer.from(data.subarray(holdFrom));
    this.commit(data.subarray(0, holdFrom));
    return undefined;
  }

  /** The step ended some other way: what was held back is output too. */
  release(): void {
    if (this.held.length > 0) this.commit(this.held);
    this.held = Buffer.alloc(0);
  }

  /** The last few KB of output, for a prompt pattern. */
  recent(): Buffer {
    return Buffer.concat([this.window.last(PROMPT_WINDOW_BYTES), this.held]);
  }

  /** A line ended in this step's output (a REPL's echo of the input is over). */
  get sawNewline(): boolean {
    return this.lines > 0;
  }

  get pendingBytes(): number {
    return this.file?.pendingBytes ?? 0;
  }

  async flush(): Promise<void> {
    await this.file?.flush();
  }

  result(): CapturedStream {
    const unterminated = this.totalBytes > 0 && this.lastByte !== 10 ? 1 : 0;
    return {
      totalBytes: this.totalBytes,
      lines: this.lines + unterminated,
      head: Buffer.concat(this.headChunks, this.headSize),
      tail: this.tail.last(TAIL_BYTES),
    };
  }

  private commit(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.totalBytes += bytes.length;
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) this.lines++;
    this.lastByte = bytes[bytes.length - 1]!;
    if (this.headSize < HEAD_BYTES) {
      const part = bytes.subarray(0, HEAD_BYTES - this.headSize);
      this.headChunks.push(Buffer.from(part));
      this.headSize += part.length;
    }
    const copy = Buffer.from(bytes);
    this.tail.push(copy);
    this.window.push(copy);
    this.file?.append(copy);
  }
}
