import { describe, expect, it } from 'vitest';
import { condense, normalizeText } from '../../src/condense/index.js';
import { normalizeLines, normalizeToLines } from '../../src/condense/normalize.js';
import { replayLine } from '../../src/condense/terminal.js';
import { loadFixtures } from './fixtures.js';

describe('normalizeText', () => {
  it.each([
    ['keeps the last carriage-return frame', ' 10%\r 50%\r100% done\n', '100% done\n'],
    [
      'treats cursor-to-column-1 as a carriage return (npm spinner)',
      '⠙\x1b[1G\x1b[0K⠹\x1b[1G\x1b[0K\r\nadded 3 packages\r\n',
      '\nadded 3 packages\n',
    ],
    [
      'applies erase-to-end after the cursor moves back',
      'Counting: 10%\x1b[K\rCounting: 100%, done.\x1b[K\n',
      'Counting: 100%, done.\n',
    ],
    ['overwrites only as much as the new frame covers', 'abcdef\rxy\n', 'xycdef\n'],
    ['turns CRLF into LF', 'a\r\nb\r\n', 'a\nb\n'],
    ['strips colours and hyperlinks', '\x1b[31merror\x1b[0m \x1b]8;;http://x\x07link\x1b]8;;\x07\n', 'error link\n'],
    ['leaves plain text alone', 'plain\ntext', 'plain\ntext'],
  ])('%s', (_title, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('keeps one output line per stored line, so marker ranges point into the record', () => {
    const raw = 'a\r\nb\rc\n\x1b[1Gd\n';
    expect(normalizeText(raw).split('\n').length).toBe(raw.split('\n').length);
    // an operating-system command left open until a later line does not swallow the newline between
    const open = 'a\x1b]0;title\nb\x07c\n';
    expect(normalizeText(open).split('\n').length).toBe(open.split('\n').length);
  });
});

describe('normalizeToLines', () => {
  it('gives the lines their join only when it is exactly their join, on every real output', () => {
    let given = 0;
    for (const fixture of loadFixtures()) {
      for (const text of [fixture.stdout, fixture.stderr]) {
        const { lines, joined } = normalizeToLines(text);
        expect(lines).toEqual(normalizeLines(text));
        if (joined === undefined) continue;
        given++;
        expect(joined).toBe(lines.join('\n'));
      }
    }
    expect(given).toBeGreaterThan(40);
  });
});

describe('replayLine', () => {
  it('shows carriage-return frames as the step-by-step replay does, however many frames and whatever their lengths', () => {
    // A line with no escape code takes the one-pass overlay; a colour code (which draws nothing) forces the step-by-step replay.
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let trial = 0; trial < 300; trial++) {
      const frames = Array.from(
        { length: 1 + random(12) },
        () => 'abcdefghij  xyz'.slice(0, random(16)) + (random(3) === 0 ? '\x07' : ''),
      );
      const line = frames.join('\r');
      expect(replayLine(line), JSON.stringify(line)).toBe(replayLine(`\x1b[0m${line}`));
    }
    expect(replayLine('downloading 10%\rdownloading 100%\rdone')).toBe('doneloading 100%');
  });
});

describe("mode: 'lossless'", () => {
  it('only normalises, whatever the size', () => {
    const stdout = Array.from({ length: 5000 }, (_, i) => `line ${i}\r\n`).join('');
    const result = condense({ stdout }, { mode: 'lossless', budgetTokens: 10 });
    expect(result.strategy).toBe('lossless');
    expect(result.stdout).toBe(stdout.replaceAll('\r\n', '\n'));
    expect(result.omittedLines).toBe(0);
  });
});

describe('live status areas', () => {
  it('leaves blank the lines a cursor-up redraw overwrote, keeping the line count', () => {
    const raw = ' RUNS a.test.js\n\x1b[1A\x1b[2K RUNS b.test.js\n\x1b[1A\x1b[2K PASS b.test.js\nTests: 2 passed\n';
    expect(normalizeText(raw)).toBe('\n\n PASS b.test.js\nTests: 2 passed\n');
  });
});
