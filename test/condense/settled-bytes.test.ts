// The bytes of a line as a terminal shows it decode to what settleLine makes of the decoded line, on generated lines
// of colour codes, cursor moves, carriage returns and UTF-8 cut anywhere (a code inside a character, stray bytes).
import { describe, expect, it } from 'vitest';
import { settleLine } from '../../src/condense/normalize.js';
import { copySettled } from '../../src/condense/settled-bytes.js';
import { random } from '../helpers/random.js';

const PIECES = ['error', 'ok ', '✓', '✗', 'é', '漢字', '𝄞', '\x1b[31m', '\x1b[0m', '\x1b[m', '\x1b[38:5:196m', '\x1b[1;32m'];
const RARE = ['\r', '\x1b[2K', '\x1b[3D', '\x1b[?25l', '\x1b[1', '\x1b', '\x1b]0;title\x07'];
const STRAY = [0x80, 0xbf, 0xc3, 0xe2, 0xe2, 0x9c, 0xf0, 0x9d, 0xed, 0xa0, 0xc0, 0xff];

function line(next: () => number): Buffer {
  const parts: Buffer[] = [];
  const count = 1 + Math.floor(next() * 8);
  for (let k = 0; k < count; k++) {
    const roll = next();
    const piece = roll < 0.08 ? RARE : PIECES;
    const bytes = Buffer.from(piece[Math.floor(next() * piece.length)] as string);
    // a multibyte character cut by what follows, or a stray byte of one
    if (roll > 0.85 && bytes.length > 1) parts.push(bytes.subarray(0, 1 + Math.floor(next() * (bytes.length - 1))));
    else if (roll > 0.8) parts.push(Buffer.from([STRAY[Math.floor(next() * STRAY.length)] as number]));
    else parts.push(bytes);
  }
  if (next() < 0.4) parts.push(Buffer.from('\r'));
  return Buffer.concat(parts);
}

describe('a line as a terminal shows it, in bytes', () => {
  it('decodes to what settling the decoded line gives, or says that only a replay tells', () => {
    const next = random(13);
    let copied = 0;
    let refused = 0;
    for (let n = 0; n < 20_000; n++) {
      const raw = line(next);
      const out = Buffer.alloc(raw.length + 4);
      const end = copySettled(raw, 0, raw.length, out, 2);
      if (end === -1) refused++;
      else {
        copied++;
        expect(out.toString('utf8', 2, end), JSON.stringify(raw.toString('latin1'))).toBe(settleLine(raw.toString('utf8')));
      }
    }
    // both answers are given often: the check is not vacuous
    expect(copied).toBeGreaterThan(5000);
    expect(refused).toBeGreaterThan(1000);
  });
});
