import { open } from 'node:fs/promises';

const CHUNK = 1 << 20;
const BLOCK = 4096;
const ZEROS = Buffer.alloc(BLOCK);

/**
 * True when a file holds fewer allocated bytes than its size: it has holes. Node's `copyFile` (`copy_file_range`
 * here) fills them in: measured on this ext4, a 200 MB file of 16 blocks came out as 409 600.
 */
export function hasHoles(stats: { size: number | bigint; blocks: number | bigint }): boolean {
  return BigInt(stats.blocks) * 512n < BigInt(stats.size);
}

/**
 * Copies a file with holes, leaving a hole for every 4 KiB block of zeros (holes read as zeros): what
 * `cp --sparse=always` does. Node has no `SEEK_DATA`/`SEEK_HOLE`, so the holes are read (as zeros, which costs no
 * disk reads) and skipped when writing; the length is set at the end so a trailing hole stays one.
 */
export async function copySparse(source: string, destination: string): Promise<void> {
  const input = await open(source, 'r');
  try {
    const output = await open(destination, 'wx', 0o600);
    try {
      const buffer = Buffer.allocUnsafe(CHUNK);
      let position = 0;
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, CHUNK, position);
        if (bytesRead === 0) break;
        await writeDataRuns(output, buffer.subarray(0, bytesRead), position);
        position += bytesRead;
      }
      await output.truncate(position);
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
}

/** Writes each run of blocks that are not all zeros at its offset, leaving the zero blocks unwritten (holes). */
async function writeDataRuns(
  output: { write: (b: Buffer, o: number, l: number, p: number) => Promise<unknown> },
  chunk: Buffer,
  at: number,
): Promise<void> {
  let runStart = -1;
  for (let offset = 0; offset <= chunk.length; offset += BLOCK) {
    const end = Math.min(offset + BLOCK, chunk.length);
    const isData = offset < chunk.length && !chunk.subarray(offset, end).equals(ZEROS.subarray(0, end - offset));
    if (isData && runStart < 0) runStart = offset;
    if (!isData && runStart >= 0) {
      await output.write(chunk, runStart, offset - runStart, at + runStart);
      runStart = -1;
    }
  }
}
