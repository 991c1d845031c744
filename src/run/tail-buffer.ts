/** Keeps the last `capacity` bytes of a stream in a bounded list of chunks. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly capacity: number) {}

  push(chunk: Buffer): void {
    if (this.capacity === 0) return;
    if (chunk.length >= this.capacity) {
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.capacity))];
      this.size = this.capacity;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= this.capacity) this.size -= this.chunks.shift()!.length;
  }

  /** The last `bytes` bytes held (at most the capacity). */
  last(bytes: number): Buffer {
    const all = Buffer.concat(this.chunks, this.size);
    return all.subarray(Math.max(0, all.length - bytes));
  }
}
