// How seldom a byte turns up in command output, roughly: the common letters of English and spaces often, other
// letters, digits, capitals and punctuation less. Picks the literals and the bytes of them worth looking for.

/** Lower-case letters from the most to the least common in English text. */
const LETTERS_BY_FREQUENCY = 'etaoinshrdlcumwfgypbvkjxqz';

export function byteRarity(byte: number): number {
  if (byte >= 97 && byte <= 122) {
    const rank = LETTERS_BY_FREQUENCY.indexOf(String.fromCharCode(byte));
    return rank < 9 ? 0 : rank < 20 ? 1.5 : 3;
  }
  if (byte === 32) return 0;
  if (byte >= 48 && byte <= 57) return 1;
  if (byte === 10) return 2;
  return byte >= 0x80 ? 2 : 3;
}

/** How seldom a literal (UTF-8 bytes as Latin-1 characters) turns up by chance. */
export function literalRarity(bytes: string): number {
  let total = 0;
  for (let i = 0; i < bytes.length; i++) total += byteRarity(bytes.charCodeAt(i));
  return total;
}
