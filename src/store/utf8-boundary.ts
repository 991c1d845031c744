/** Bytes at the end of `buffer` that begin a UTF-8 character not yet complete (0–3). */
export function incompleteTailLength(buffer: Uint8Array): number {
  const end = buffer.length;
  for (let back = 1; back <= Math.min(3, end); back++) {
    const byte = buffer[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte < 0x80) return 0;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/** Continuation bytes at the start of `buffer` (an offset that fell inside a character). */
export function leadingContinuationLength(buffer: Uint8Array): number {
  let count = 0;
  while (count < Math.min(3, buffer.length) && (buffer[count]! & 0xc0) === 0x80) count++;
  return count;
}
