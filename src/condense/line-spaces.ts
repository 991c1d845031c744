// The spaces `\s` matches, as UTF-8 bytes: the ASCII ones and the Unicode spaces (no-break, en, em, ideographic, BOM, …).

/** Bytes of the space sequence at `bytes[at]`, or 0 when none starts there. */
function spaceBytes(bytes: Uint8Array, at: number): number {
  const c = bytes[at] as number;
  if (c === 32 || (c >= 9 && c <= 13 && c !== 10)) return 1;
  if (c < 0xc2) return 0;
  const second = bytes[at + 1];
  const third = bytes[at + 2];
  if (c === 0xc2) return second === 0xa0 ? 2 : 0;
  if (c === 0xe1) return second === 0x9a && third === 0x80 ? 3 : 0;
  if (c === 0xe2)
    return (second === 0x80 && third !== undefined && (third <= 0x8a || third === 0xa8 || third === 0xa9 || third === 0xaf)) ||
      (second === 0x81 && third === 0x9f)
      ? 3
      : 0;
  if (c === 0xe3) return second === 0x80 && third === 0x80 ? 3 : 0;
  if (c === 0xef) return second === 0xbb && third === 0xbf ? 3 : 0;
  return 0;
}

/** Where the spaces starting at `from` end, looking no further than `limit`. */
export function leadingSpacesEnd(bytes: Uint8Array, from: number, limit: number): number {
  let at = from;
  for (let n = spaceBytes(bytes, at); n > 0 && at + n <= limit; n = spaceBytes(bytes, at)) at += n;
  return at;
}
