import { describe, expect, it } from 'vitest';
import { condense, normalizeText } from '../../src/condense/index.js';
import { diffOverview } from '../../src/condense/overview/diff.js';
import { listingOverview } from '../../src/condense/overview/listing.js';

const lines = (count: number, make: (i: number) => string): string => Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe('normalizeText, line by line', () => {
  it.each([
    ['a CRLF line among plain ones', 'plain\nwith crlf\r\nplain again\n', 'plain\nwith crlf\nplain again\n'],
    ['colours removed before a carriage-return frame is replayed', '\x1b[32m 50%\x1b[0m\r\x1b[32m100%\x1b[0m\r\n', '100%\n'],
    ['a rare escape left for strip-ansi on a line with no cursor move', 'ok\n\x1bPdcs\x1b\\text\n', 'ok\ntext\n'],
    ['a cursor-to-column move in the middle of a line', 'abcdef\x1b[3Gxy\n', 'abxyef\n'],
  ])('%s', (_title, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('views of explained outputs', () => {
  it('keeps look-alike lines folded behind their count instead of filling the budget with them', () => {
    const passing = lines(300, (i) => `case ${i} passed in ${i % 17} ms on worker ${i % 4}`);
    const stdout = `${passing}FAILED case 300: token expired\ndone: 300 passed, 1 failed\n`;
    const result = condense({ command: 'suite run', stdout, exitCode: 1 }, { recordId: 'r_1', recognisers: [{ name: 'suite', command: /^suite\b/, signals: [/^FAILED /], summary: [/^done: /] }] });
    expect(result.stdout).toContain('FAILED case 300: token expired');
    expect(result.stdout).toContain('done: 300 passed, 1 failed');
    expect(result.stdout).toContain("[… lines 2–300 omitted (299), each like line 1;");
    expect(result.stdout.split('\n').filter((line) => line.startsWith('case ')).length).toBe(1);
  });

  it('ends a failed suite line at the next suite, so its passing tests are not kept as context', () => {
    const suite = (s: number): string => `▶ suite ${s}\n${lines(20, (i) => `  ✔ case ${i} of ${s} passes (0.1ms)`)}`;
    const stdout = `${suite(1)}✖ suite 1 (9.1ms)\n${suite(2)}✔ suite 2 (3.2ms)\n${lines(200, (i) => `  ✔ filler ${i} (0.1ms)`)}ℹ tests 240\nℹ fail 1\n`;
    const result = condense({ command: 'node --test', stdout, exitCode: 1 });
    expect(result.stdout).toContain('✖ suite 1 (9.1ms)');
    expect(result.stdout).not.toContain('case 5 of 2 passes');
  });

  it('shows a gap whose lines cost less than its marker instead of marking it', () => {
    const stdout = `${lines(400, (i) => `compiling unit ${i} of the project with flags -O2 -g`)}FAILED unit a\nok\nFAILED unit b\n${lines(400, (i) => `linking object ${i} into the final binary artefact`)}`;
    const result = condense({ command: './build.sh', stdout, exitCode: 2 }, { recordId: 'r_2', budgetTokens: 400 });
    expect(result.stdout).toContain('FAILED unit a\nok\nFAILED unit b');
    expect(result.stdout).not.toContain('line 402 omitted');
  });
});

describe('overviews', () => {
  it('counts a file once across the commits of a log -p, with how many diffs touched it', () => {
    const commit = (n: number, file: string): string => `commit ${n}\n\ndiff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1,2 @@\n+line ${n}\n`;
    const text = `${commit(1, 'CHANGES.txt')}${commit(2, 'src/a.ts')}${commit(3, 'CHANGES.txt')}`;
    expect(diffOverview(text.split('\n'))).toEqual([
      '[overview: 2 files changed in 3 diffs, +3 −0]',
      '[overview:   CHANGES.txt +2 −0 (2 diffs)]',
      '[overview:   src/a.ts +1 −0]',
    ]);
  });

  it.each([
    ['find output', ['./src/a/b/c/x.ts', './src/a/y.ts', './README.md'], '3 paths in 3 directories: src/a/b/ (1), src/a/ (1), ./ (1)'],
    ['tree drawing', ['├── lib/core/x.js', '│   └── lib/core/y.js', '`-- lib/z.js'], '3 paths in 2 directories: lib/core/ (2), lib/ (1)'],
    ['absolute paths', ['/usr/include/linux/a.h', '/usr/include/b.h', '/opt/x/y/z.h'], '3 paths in 2 directories: /usr/include/ (2), /opt/x/ (1)'],
  ])('counts entries per directory in %s', (_title, input, expected) => {
    expect(listingOverview(input)).toEqual([`[overview: ${expected}]`]);
  });
});
