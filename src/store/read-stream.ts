import { open } from 'node:fs/promises';
import { invalid } from '../validate.js';
import type { ReadPage } from './record-store-types.js';
import { incompleteTailLength, leadingContinuationLength } from './utf8-boundary.js';

/** An offset past the stream is the caller's mistake (a guessed number), never a silent clamp to the end. */
function pastTheEnd(offset: number, size: number): TypeError {
  return invalid('offset', `at most the stream's length (${size} bytes)`, offset);
}

export async function readPage(path: string, offset: number, maxBytes: number, complete: boolean): Promise<ReadPage> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) {
    if (offset > 0) throw pastTheEnd(offset, 0);
    return { data: '', offset, nextOffset: offset, eof: complete };
  }
  try {
    const size = (await handle.stat()).size;
    if (offset > size) throw pastTheEnd(offset, size);
    const start = offset;
    const length = Math.min(maxBytes + 3, size - start);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    let bytes = buffer.subarray(0, bytesRead);
    const skip = leadingContinuationLength(bytes);
    bytes = bytes.subarray(skip, Math.min(bytes.length, skip + maxBytes));
    const atEnd = start + skip + bytes.length >= size;
    const cut = atEnd && !complete ? incompleteTailLength(bytes) : atEnd ? 0 : incompleteTailLength(bytes);
    bytes = bytes.subarray(0, bytes.length - cut);
    const nextOffset = start + skip + bytes.length;
    return { data: bytes.toString('utf8'), offset: start + skip, nextOffset, eof: complete && nextOffset >= size };
  } finally {
    await handle.close();
  }
}
