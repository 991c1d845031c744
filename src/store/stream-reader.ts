import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pageAlignedBuffer } from './aligned-buffer.js';
import { DIRECT_BLOCK_BYTES, O_DIRECT } from './direct-writes.js';

/**
 * Reads a stream file back, a piece at a time, into a buffer of its own. Bytes from `directFrom` on were written
 * past the page cache (stream-file.ts) and are read the same way: reading them through it would first fill it, the
 * cost the direct writes took off the run. Bytes before it may still wait in the page cache and are read from there.
 */
export class StreamReader {
  private constructor(
    private readonly file: FileHandle,
    private readonly buffer: Buffer,
    private direct: { file: FileHandle; from: number; slab: Buffer } | undefined,
  ) {}

  /** A reader of pieces of at most `maxBytes`; `directFrom` is where the file's direct writes began, if they did. */
  static async open(path: string, maxBytes: number, directFrom?: number): Promise<StreamReader> {
    const file = await open(path, 'r');
    const slab =
      directFrom === undefined || O_DIRECT === undefined ? undefined : pageAlignedBuffer(maxBytes + 2 * DIRECT_BLOCK_BYTES);
    const directFile = slab && (await open(path, constants.O_RDONLY | O_DIRECT!).catch(() => undefined));
    const direct = directFile && { file: directFile, from: directFrom!, slab: slab! };
    return new StreamReader(file, Buffer.allocUnsafe(maxBytes), direct);
  }

  /** Up to `length` bytes from `position` (fewer at the file's end): a view valid until the next read. */
  async read(length: number, position: number): Promise<Buffer> {
    if (this.direct && position >= this.direct.from) {
      const { file, slab } = this.direct;
      const start = position - (position % DIRECT_BLOCK_BYTES);
      const end = Math.ceil((position + length) / DIRECT_BLOCK_BYTES) * DIRECT_BLOCK_BYTES;
      try {
        const { bytesRead } = await file.read(slab, 0, end - start, start);
        return slab.subarray(position - start, Math.max(position - start, Math.min(bytesRead, position + length - start)));
      } catch {
        // a file system that opened it for direct reads but refuses them: the page cache serves
        await this.dropDirect();
      }
    }
    const { bytesRead } = await this.file.read(this.buffer, 0, length, position);
    return this.buffer.subarray(0, bytesRead);
  }

  async close(): Promise<void> {
    await this.dropDirect();
    await this.file.close();
  }

  private async dropDirect(): Promise<void> {
    const direct = this.direct;
    this.direct = undefined;
    await direct?.file.close().catch(() => undefined);
  }
}
