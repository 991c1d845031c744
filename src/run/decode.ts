import iconv from 'iconv-lite';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when the bytes look like binary data rather than text in any encoding. */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 7 || (byte > 13 && byte < 27) || (byte > 27 && byte < 32)) control++;
  }
  return control / sample.length > 0.1;
}

/**
 * UTF-8 (strict) first; else the caller's `encoding`; else a legacy guess (windows-1252, which
 * decodes every byte and is what Latin-script Windows tools print). A UTF-8 character cut at a
 * view boundary is not a reason to give up on UTF-8.
 */
export function decodeText(bytes: Uint8Array, encoding?: string): { text: string; encoding: string } {
  if (encoding && encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8') {
    return { text: iconv.decode(Buffer.from(bytes), encoding), encoding };
  }
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    const trimmed = trimBrokenEdges(bytes);
    try {
      if (trimmed.length > 0 && trimmed.length >= bytes.length - 6) return { text: utf8.decode(trimmed), encoding: 'utf-8' };
    } catch {
      // not UTF-8 at all
    }
  }
  if (encoding) return { text: Buffer.from(bytes).toString('utf8'), encoding: 'utf-8' };
  return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'windows-1252' };
}

function trimBrokenEdges(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < Math.min(3, bytes.length) && (bytes[start]! & 0xc0) === 0x80) start++;
  let end = bytes.length;
  for (let back = 1; back <= Math.min(3, end - start); back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) end -= back;
    break;
  }
  return bytes.subarray(start, end);
}

export function isKnownEncoding(name: string): boolean {
  return iconv.encodingExists(name);
}

/**
 * A decoder for a stream read chunk by chunk, in the encoding {@link decodeText} picks from the stream's first bytes:
 * a character split between two chunks is decoded whole.
 */
export function chunkDecoder(head: Uint8Array, encoding?: string): (chunk: Uint8Array) => string {
  const chosen = decodeText(head.subarray(0, 64 * 1024), encoding).encoding;
  if (chosen === 'utf-8') {
    const decoder = new TextDecoder('utf-8');
    return (chunk) => decoder.decode(chunk, { stream: true });
  }
  const decoder = iconv.getDecoder(chosen);
  return (chunk) => decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
}
