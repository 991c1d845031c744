// The literal search in WebAssembly and in JavaScript find exactly the lines a line-by-line check finds, on
// generated texts built to break the byte loops: keys at every offset of a 16-byte block and across blocks, in the
// last partial block, at the text's first byte, across the module's 1 MiB pieces, in a line longer than a piece,
// and so many places of anchor bytes and chosen four bytes that the lists of places fill up.
import { describe, expect, it } from 'vitest';
import { lineSearch } from '../../src/condense/literal-search.js';
import { leadingSpacesEnd } from '../../src/condense/line-spaces.js';
import type { SearchKey } from '../../src/condense/search-key.js';
// @ts-expect-error: a plain script, no types
import { assembled, sources } from '../../scripts/assemble-wasm.mjs';
import { readFileSync } from 'node:fs';
import { random } from '../helpers/random.js';

const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
const KEYS: SearchKey[] = [
  { bytes: '\r', folds: false, at: 'anywhere' },
  { bytes: '\x1b', folds: false, at: 'anywhere' },
  { bytes: 'error', folds: true, at: 'anywhere' },
  { bytes: 'panicked at', folds: false, at: 'anywhere' },
  { bytes: ': ***', folds: false, at: 'anywhere' },
  ...'0123456789'.split('').map((digit): SearchKey => ({ bytes: `${digit}: `, folds: false, at: 'anywhere' })),
  { bytes: latin1('✗'), folds: false, at: 'anywhere' },
  { bytes: latin1('×'), folds: false, at: 'anywhere' },
  { bytes: '" 5', folds: false, at: 'anywhere' },
  { bytes: 'ok', folds: false, at: 'start' },
  { bytes: '=', folds: false, at: 'start' },
  { bytes: 'E: ', folds: false, at: 'start' },
  { bytes: 'FAIL', folds: false, at: 'spaced' },
  { bytes: 'CONFLICT', folds: false, at: 'spaced' },
  { bytes: 'ERR', folds: false, at: 'spaced' },
  { bytes: 'Traceback (most recent call last):', folds: false, at: 'start' },
];

/** The lines a key is in where it must be, found line by line. */
function expected(bytes: Buffer, keys: readonly SearchKey[]): number[] {
  const starts: number[] = [];
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(10, start);
    const end = newline === -1 ? bytes.length : newline;
    const line = bytes.toString('latin1', start, end);
    const lower = line.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const spaced = line.slice(leadingSpacesEnd(bytes, start, end) - start);
    const holds = (key: SearchKey): boolean =>
      key.at === 'start'
        ? line.startsWith(key.bytes)
        : key.at === 'spaced'
          ? spaced.startsWith(key.bytes)
          : key.folds
            ? lower.includes(key.bytes)
            : line.includes(key.bytes);
    if (keys.some(holds)) starts.push(start);
    start = end + 1;
  }
  return starts;
}

const PIECES = [
  'gcc -O2 -DHAVE_CONFIG_H -c a.c',
  'make[2]: Entering directory',
  'src/a.c:12:5: ',
  'ErRoR',
  'erro r',
  'panicked',
  ' at',
  'x: **',
  ': ***',
  '✗',
  '×',
  'é ü 漢字',
  '\u00a0',
  '\u3000',
  '  ',
  '\t',
  'ok',
  'o',
  '=',
  'E: ',
  'E:',
  'FAIL',
  'FAI',
  'CONFLICT',
  'ERR',
  '" 5',
  '"5',
  '\r',
  '\x1b[31m',
  'Traceback (most recent call last):',
  'Traceback (most recent call',
];

function text(seed: number, bytes: number): Buffer {
  const next = random(seed);
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    let line = '';
    const parts = Math.floor(next() * 5);
    for (let k = 0; k < parts; k++) line += `${'y'.repeat(Math.floor(next() * 20))}${PIECES[Math.floor(next() * PIECES.length)]}`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return Buffer.from(lines.join('\n'));
}

describe('the literal search', () => {
  const searches = [
    ['WebAssembly', lineSearch(KEYS, true)],
    ['JavaScript', lineSearch(KEYS, false)],
  ] as const;

  it('finds the lines a line-by-line check finds, with keys at every offset of a block, across blocks and at the end', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const body = text(seed, 600 + seed * 37);
      for (let shift = 0; shift < 17; shift++) {
        // a first line of `shift` bytes moves every key by as much within the 16-byte blocks
        const bytes = Buffer.concat([Buffer.from(`${'z'.repeat(shift)}\n`), body]);
        const want = expected(bytes, KEYS);
        const fromSecondLine = expected(body, KEYS).map((start) => start + shift + 1);
        for (const [name, search] of searches) {
          expect(search(bytes, 0, bytes.length), `${name}, seed ${seed}, shift ${shift}`).toEqual(want);
          expect(search(bytes, shift + 1, bytes.length), `${name}, seed ${seed}, from line 2`).toEqual(fromSecondLine);
        }
      }
    }
  });

  it('finds them across the 1 MiB pieces, in a line longer than a piece, and past full lists of places', () => {
    const long = `${'-DHAVE_CONFIG_H '.repeat(80_000)}x: error`;
    // more places of `:` and of `CONF` than a list holds, with lines to find among them, and more lines found in
    // one piece than a list holds (short needles, and literals in either half of the piece)
    const crowdedLines = ['a:b:c:d:e:f:g:h:', '7: x', ' CONFIG CONFIG CONFIG', '  CONFLICT', 'ok', 'an error', '='];
    const crowded = Array.from({ length: 140_000 }, (_, i) => crowdedLines[i % crowdedLines.length]).join('\n');
    const bytes = Buffer.concat([text(7, 1_500_000), Buffer.from(`\n${long}\n${crowded}\n  CONFLICT\n`), text(8, 900_000)]);
    const want = expected(bytes, KEYS);
    expect(want.length).toBeGreaterThan(1000);
    for (const [name, search] of searches) expect(search(bytes, 0, bytes.length), name).toEqual(want);
  });

  it.each((sources as { name: string; target: string }[]).map((source) => [source.name, source.target]))(
    'runs the bytes assembled from %s',
    async (name, target) => {
      const current = readFileSync(new URL(`../../src/condense/wasm/${target}`, import.meta.url), 'utf8');
      expect(await (assembled as (name: string) => Promise<string>)(name)).toBe(current);
    },
  );
});
