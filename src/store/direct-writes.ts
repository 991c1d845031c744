import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pageAlignedBuffer } from './aligned-buffer.js';

/** O_DIRECT wants the memory, the file offset and the length aligned to the device's block; 4 KiB covers them all. */
export const DIRECT_BLOCK_BYTES = 4096;

/** The open flag for reads and writes past the page cache; undefined where the system has none (macOS, Windows). */
export const O_DIRECT = (constants as { O_DIRECT?: number }).O_DIRECT;

/** A direct write failed or came up short: `unwritten` (copied) is what the file lacks from `at` on. */
export class DirectWriteFailed extends Error {
  constructor(
    readonly at: number,
    readonly unwritten: Buffer[],
    override readonly cause: unknown,
  ) {
    super(`direct write failed at ${at}: ${String(cause)}`);
  }
}

/**
 * Writes a file's bytes from a block boundary on with O_DIRECT, from a page-aligned slab the chunks are copied into:
 * whole blocks go to the disk without passing through the page cache. The bytes past the last whole block stay at the
 * slab's start, to be written with the next block (or, by `tail`, through the page cache on a flush).
 */
export class DirectWrites {
  /** The file holds every byte before this offset. */
  written: number;
  /** File offset of the slab's first byte, on a block boundary. */
  private start: number;
  private fill = 0;

  private constructor(
    private readonly handle: FileHandle,
    private readonly slab: Buffer,
    at: number,
  ) {
    this.start = at;
    this.written = at;
  }

  /** Opens `path` a second time for direct writes from `at` (a block boundary); undefined where the system has no O_DIRECT. */
  static async open(path: string, at: number, slabBytes: number): Promise<DirectWrites | undefined> {
    if (O_DIRECT === undefined || at % DIRECT_BLOCK_BYTES !== 0) return undefined;
    const slab = pageAlignedBuffer(slabBytes);
    if (!slab) return undefined;
    const usable = slab.subarray(0, slab.length - (slab.length % DIRECT_BLOCK_BYTES));
    const handle = await open(path, constants.O_WRONLY | O_DIRECT).catch(() => undefined);
    return handle && new DirectWrites(handle, usable, at);
  }

  /** Bytes taken but not on disk yet (under a block, once `write` resolved). */
  get unwrittenBytes(): number {
    return this.start + this.fill - this.written;
  }

  /** Copies `chunks` into the slab and writes every whole block; resolves to the writes made, or throws DirectWriteFailed. */
  async write(chunks: readonly Buffer[]): Promise<number> {
    let writes = 0;
    for (let index = 0; index < chunks.length; index += 1) {
      const chunk = chunks[index]!;
      for (let from = 0; from < chunk.length;) {
        const bytes = Math.min(chunk.length - from, this.slab.length - this.fill);
        this.slab.set(bytes === chunk.length ? chunk : chunk.subarray(from, from + bytes), this.fill);
        this.fill += bytes;
        from += bytes;
        if (this.fill === this.slab.length) {
          const rest = (): Buffer[] => [chunk.subarray(from), ...chunks.slice(index + 1)];
          writes += await this.writeBlocks(rest);
        }
      }
    }
    return writes + (await this.writeBlocks(() => []));
  }

  /** The bytes past the last whole block, for a write through the page cache at `written` (then `tailWritten`). */
  tail(): Buffer {
    return this.slab.subarray(this.written - this.start, this.fill);
  }

  tailWritten(bytes: number): void {
    this.written += bytes;
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  private async writeBlocks(rest: () => Buffer[]): Promise<number> {
    const end = this.fill - (this.fill % DIRECT_BLOCK_BYTES);
    if (end === 0) return 0;
    try {
      const { bytesWritten } = await this.handle.write(this.slab, 0, end, this.start);
      if (bytesWritten !== end) throw new Error(`wrote ${bytesWritten} of ${end} bytes`);
    } catch (error) {
      const unwritten = Buffer.from(this.slab.subarray(this.written - this.start, this.fill));
      throw new DirectWriteFailed(this.written, [unwritten, ...rest()], error);
    }
    this.slab.copyWithin(0, end, this.fill);
    this.start += end;
    this.fill -= end;
    this.written = Math.max(this.written, this.start);
    return 1;
  }
}
