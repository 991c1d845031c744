// The candidate scan (bytes searched for the literals the patterns need) and a read of every line keep the same
// lines, on generated streams built to break it: keys cut by chunk boundaries, multibyte UTF-8 around them, CRLF,
// escape codes (cutting keys, after multibyte characters), Unicode spaces before line-start literals, near-miss spellings and very long lines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTesters } from '../../src/condense/classify.js';
import { cMake } from '../../src/condense/recognisers/c-make.js';
import { scanStoredStream } from '../../src/run/stream-scan.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { random } from '../helpers/random.js';

const tempDir = useTempDirs();
const MIB = 1024 * 1024;

const PLAIN = ['gcc -O2 -c src/a.c -o a.o', '  CC  lib/é_ü_漢字.o', 'make[2]: Entering directory', '[ 12%] Building', 'ok'];
const NOTABLE = [
  'src/x.c:3:1: error: expected ‘;’',
  'ERROR lost',
  '\u00a0FAIL nbsp-led',
  '\u3000\u2003FAIL ideographic',
  'Traceback (most recent call last):',
  'ValueError: bad',
  'make[1]: *** [all] Error 2',
  'Tests:  2 failed, 3 passed',
  'test result: FAILED. 1 passed',
  '  ✗ check failed',
  ' × build',
  'Segmentation fault (core dumped)',
  'thread main panicked at x.rs',
  'OK',
  'exit status 1',
];
const CODES = ['\x1b[1m', '\x1b[m', '\x1b[38:5:196m', '\x1b[0;31m', '\x1b[2K', '\x1b[?25l', '\x1b[3D', '\x1b[1', '\x1b'];
const NEAR_MISSES = ['erro r', 'FAI L', 'x FAIL', 'Tests', 'warnin', 'Errorless', 'Segmentation', 'xOK', 'Test'];

function line(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const roll = next();
  let text = roll < 0.04 ? pick(NOTABLE) : roll < 0.1 ? pick(NEAR_MISSES) : pick(PLAIN);
  if (next() < 0.03) text = `\x1b[31m${text}\x1b[0m`;
  // a code anywhere, a key cut by it or after a byte past ASCII: colours settle away, cursor moves replay
  if (next() < 0.03) {
    const cut = Math.floor(next() * (text.length + 1));
    text = `${text.slice(0, cut)}${pick(CODES)}${text.slice(cut)}`;
  }
  if (next() < 0.01) text = `progress 5%\r${text}`;
  if (next() < 0.002) text = `${'é'.repeat(1500 + Math.floor(next() * 3000))} ${text}`;
  return next() < 0.05 ? `${text}\r` : text;
}

/** Lines of `bytes` bytes in all, with notable lines laid across each 1 MiB read boundary. */
function stream(seed: number, bytes: number): Buffer {
  const next = random(seed);
  const parts: string[] = [];
  let size = 0;
  let boundary = MIB;
  while (size < bytes) {
    let text = line(next);
    if (size < boundary && size + Buffer.byteLength(text) + 40 >= boundary) {
      // a notable line whose literal straddles the boundary, at a shifting offset
      const notable = NOTABLE[(boundary / MIB) % NOTABLE.length] as string;
      const pad = Math.max(0, boundary - size - Math.floor(next() * 8) - 2);
      parts.push('x'.repeat(Math.min(pad, 60)));
      size += Math.min(pad, 60) + 1;
      text = notable;
      boundary += MIB;
    }
    parts.push(text);
    size += Buffer.byteLength(text) + 1;
  }
  return Buffer.from(`${parts.join('\n')}\n`);
}

describe('the candidate scan of a stored stream', () => {
  it('keeps exactly what a scan of every line keeps, on generated streams with keys at chunk boundaries, UTF-8, CRLF and long lines', async () => {
    // into the last 4 MiB, where only the lines from the window's (plus one) on are read line by line; the third
    // ends on lines so long that fewer than the window's start in the last 4 MiB
    const longTail = Buffer.from(Array.from({ length: 150 }, (_, i) => `${'é'.repeat(15_000)} line ${i} error\n`).join(''));
    for (const [seed, testers, tail] of [
      [1, makeTesters(undefined), undefined],
      [2, makeTesters(cMake), undefined],
      [3, makeTesters(cMake), longTail],
    ] as const) {
      const bytes = tail === undefined ? stream(seed, 7 * MIB) : Buffer.concat([stream(seed, 3 * MIB), tail]);
      const path = join(tempDir(), `stdout-${seed}`);
      writeFileSync(path, bytes);
      {
        const scan = (chosen: typeof testers) =>
          scanStoredStream({ path, bytes: bytes.length, head: bytes.subarray(0, 65536), testers: chosen, window: 200 });
        const fast = await scan(testers);
        const everyLine = await scan({ ...testers, notableCandidates: undefined });
        expect(fast.lines.length, `seed ${seed}`).toBeGreaterThan(1000);
        expect(fast.lines, `seed ${seed}`).toEqual(everyLine.lines);
        expect(fast.unread, `seed ${seed}`).toEqual(everyLine.unread);
        expect(fast.lossy, `seed ${seed}`).toEqual(everyLine.lossy);
      }
    }
  }, 60_000);
});
