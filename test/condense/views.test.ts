import { describe, expect, it } from 'vitest';
import { condense, normalizeText } from '../../src/condense/index.js';
import { diffOverview } from '../../src/condense/overview/diff.js';
import { listingOverview } from '../../src/condense/overview/listing.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

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
    const result = condense(
      { command: 'suite run', stdout, exitCode: 1 },
      { recordId: 'r_1', recognizers: [{ name: 'suite', command: /^suite\b/, signals: [/^FAILED /], summary: [/^done: /] }] },
    );
    expect(result.stdout).toContain('FAILED case 300: token expired');
    expect(result.stdout).toContain('done: 300 passed, 1 failed');
    expect(result.stdout).toContain('[… lines 2–300 omitted (299), each like line 1;');
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
    const commit = (n: number, file: string): string =>
      `commit ${n}\n\ndiff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1,2 @@\n+line ${n}\n`;
    const text = `${commit(1, 'CHANGES.txt')}${commit(2, 'src/a.ts')}${commit(3, 'CHANGES.txt')}`;
    expect(diffOverview(text.split('\n'))).toEqual([
      '[overview: 2 files changed in 3 diffs, +3 −0]',
      '[overview: CHANGES.txt +2 (2 diffs)]',
      '[overview: src/ a.ts +1]',
    ]);
  });

  it.each([
    [
      'find output',
      ['./src/a/b/c/x.ts', './src/a/y.ts', './README.md'],
      '3 paths in 3 directories: src/a/b/ (1), src/a/ (1), ./ (1)',
    ],
    [
      'tree drawing',
      ['├── lib/core/x.js', '│   └── lib/core/y.js', '`-- lib/z.js'],
      '3 paths in 2 directories: lib/core/ (2), lib/ (1)',
    ],
    [
      'absolute paths',
      ['/usr/include/linux/a.h', '/usr/include/b.h', '/opt/x/y/z.h'],
      '3 paths in 2 directories: /usr/include/ (2), /opt/x/ (1)',
    ],
  ])('counts entries per directory in %s', (_title, input, expected) => {
    expect(listingOverview(input)).toEqual([`[overview: ${expected}]`]);
  });

  it('names every entry of an ls -l listing, folders marked, links without their targets, . and .. left out', () => {
    const input = [
      'total 12',
      'drwxr-xr-x  4 me me 4096 Nov 30 00:26 .',
      'drwxr-xr-x 13 me me 4096 Nov 30 00:32 ..',
      'drwxr-xr-x  2 me me 4096 Nov 30 00:25 .bin',
      '-rw-r--r--  1 me me 9524 Nov 30  2025 my notes.txt',
      'lrwxrwxrwx  1 me me    7 Nov 30 00:25 latest -> v2/dist',
      'crw-rw-rw-  1 root root 1, 3 Nov 30 00:25 null',
    ];
    expect(listingOverview(input)).toEqual([
      '[overview: 3 directories, 1 files, 1 links, 1 devices]',
      '[overview: names: .bin/ my notes.txt latest null]',
    ]);
  });

  it('gives a tree drawing whole paths, from the names above each entry', () => {
    const input = [
      'proj',
      '├── src',
      '│\u00a0\u00a0 ├── a.ts',
      '│\u00a0\u00a0 └── deep',
      '│\u00a0\u00a0     └── b.ts',
      '└── README.md',
      'lib',
      '`-- c.js',
      '',
      '3 directories, 4 files',
    ];
    expect(listingOverview(input)).toEqual([
      '[overview: 6 paths in 4 directories: proj/ (2), proj/src/ (2), proj/src/deep/ (1), lib/ (1)]',
    ]);
  });

  it('shows a long ls -l listing as every name and a sample of its lines', () => {
    const stdout = `total 800\n${lines(200, (i) => `drwxr-xr-x  2 me me 4096 Nov 30 00:25 package-${i}`)}`;
    const result = condense({ command: 'ls -la', stdout, exitCode: 0 }, { recordId: 'r_ls' });
    expect(result.strategy).toBe('condensed');
    for (let i = 0; i < 200; i++) expect(result.stdout).toContain(` package-${i}/`);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 2);
  });
});

describe('what is not worth a marker or a signal', () => {
  it('does not count a test summary redrawn as the run went: its last state is kept, its gaps still marked', () => {
    const redraws = lines(
      40,
      (i) => ` Test Files ${i} passed (40)\n      Tests ${i * 5} passed (200)\n filler output line number ${i} of the run`,
    );
    const stdout = `${redraws} FAIL  test/a.test.js > parses\nAssertionError: expected 1 to be 2\n Test Files  1 failed | 39 passed (40)\n`;
    const result = condense({ command: 'npx vitest run', stdout, exitCode: 1 }, { recordId: 'r_v' });
    expect(result.stdout).toContain('AssertionError: expected 1 to be 2');
    expect(result.stdout).toContain('Test Files  1 failed | 39 passed (40)');
    expect(result.stdout).not.toMatch(/earlier like the line above/);
    expect(result.stdout).toMatch(/omitted \(\d+\)/);
  });

  it('keeps npm error lines but not the usage help npm prints after them', () => {
    const help = lines(60, (i) =>
      i % 3 === 0
        ? 'npm error'
        : i % 3 === 1
          ? `npm error   --option-${i}`
          : `npm error     Explains option ${i} at some length for the reader.`,
    );
    const stderr = `npm error code EUSAGE\nnpm error The \`npm ci\` command can only install with an existing package-lock.json\nnpm error [--install-strategy <hoisted|nested>] [--legacy-bundling]\n${help}`;
    const result = condense({ command: 'npm ci', stdout: '', stderr, exitCode: 1 });
    expect(result.stderr).toContain('npm error The `npm ci` command can only install with an existing package-lock.json');
    expect(result.signalLines).toBe(2);
    expect(result.strategy).toBe('condensed');
  });

  it('does not annotate look-alike lines of a data output whose overview counts them already', () => {
    const commit = (n: number): string =>
      `commit ${String(n).padStart(40, 'a')}\nAuthor: Dev <d@x>\nDate:   Mon Nov 30 00:32:0${n % 10} 2026\n\n    change ${n}\n\ndiff --git a/f${n}.ts b/f${n}.ts\n--- a/f${n}.ts\n+++ b/f${n}.ts\n@@ -1 +1,2 @@\n line\n+added ${n}\n`;
    const stdout = Array.from({ length: 120 }, (_, n) => commit(n)).join('');
    const result = condense({ command: 'git log -p', stdout, exitCode: 0 }, { recordId: 'r_log' });
    expect(result.stdout).toMatch(/^\[overview: 120 files changed/);
    expect(result.stdout).not.toMatch(/more like the line above/);
  });

  it('keeps the program frames of a stack trace and leaves Node.js internal frames to the gap markers', () => {
    const error = [
      '  ✖ rejects bad token (7.8ms)',
      '    Error: token expired',
      '        at TestContext.<anonymous> (file:///app/all.test.mjs:61:64)',
      '        at Test.runInAsyncScope (node:async_hooks:206:9)',
      '        at Test.run (node:internal/test_runner/test:796:25)',
      '        at async Suite.processPendingSubtests (node:internal/test_runner/test:526:7)',
      '        at helper (/app/src/helper.js:3:9)',
    ].join('\n');
    const stdout = `${lines(400, (i) => `  ✔ case ${i} passes (0.${i % 10}ms)`)}${error}\nℹ tests 401\nℹ fail 1\n`;
    const result = condense({ command: 'node --test', stdout, exitCode: 1 }, { recordId: 'r_n' });
    expect(result.stdout).toContain('Error: token expired\n        at TestContext.<anonymous> (file:///app/all.test.mjs:61:64)');
    expect(result.stdout).toContain('at helper (/app/src/helper.js:3:9)');
    expect(result.stdout).not.toContain('node:internal');
    expect(result.stdout).not.toContain('node:async_hooks');
  });

  it('shows a failure told twice word for word once', () => {
    const failure = (indent: string): string =>
      `${indent}✖ rejects bad token (7.8ms)\n${indent}  Error: token expired at 2026-11-30\n${indent}      at TestContext.<anonymous> (file:///app/all.test.mjs:61:64)\n\n`;
    const stdout = `${lines(300, (i) => `  ✔ case ${i} passes`)}${failure('  ')}ℹ tests 301\nℹ fail 1\n\n✖ failing tests:\n\ntest at all.test.mjs:61:3\n${failure('')}`;
    const result = condense({ command: 'node --test', stdout, exitCode: 1 }, { recordId: 'r_d' });
    expect(result.stdout.match(/Error: token expired at 2026-11-30/g)).toHaveLength(1);
    expect(result.stdout).toContain('ℹ fail 1');
  });

  it('keeps, once a recogniser explained the output, only the headings of sections holding a failure', () => {
    const section = (k: number): string =>
      `== section ${k}\n${lines(20, (i) => `case ${k}.${i} ok in ${i} ms`)}${k === 17 ? 'FAILED case 17.20: boom\n' : ''}`;
    const stdout = `${Array.from({ length: 50 }, (_, k) => section(k)).join('')}done: 1000 passed, 1 failed\n`;
    const recogniser = {
      name: 'suite',
      command: /^suite\b/,
      signals: [/^FAILED /],
      summary: [/^done: /],
      structure: [/^== /],
      noise: [/ ok in \d+ ms$/],
    };
    const result = condense({ command: 'suite run', stdout, exitCode: 1 }, { recognizers: [recogniser] });
    expect(result.stdout).toContain('== section 17\n');
    expect(result.stdout).toContain('FAILED case 17.20: boom');
    // the last heading stays: the run's summary line follows it
    expect(result.stdout).not.toMatch(/== section (?:[0-9]|1[0-6]|1[89]|[23]\d|4[0-8])\n/);
  });

  it('reads the stdout of a data output as data: a match or a name holding "error" is no failure; stderr still is', () => {
    const stdout = lines(600, (i) => `src/mod${i}.ts:${i + 1}:  if (bad) throw new Error('bad input ${i}');`);
    const result = condense({
      command: 'rg -n Error src',
      stdout,
      stderr: 'error: src/secret.ts: Permission denied (os error 13)\n',
      exitCode: 2,
    });
    expect(result.signalLines).toBe(1);
    expect(result.stderr).toContain('Permission denied');
    const listing = `total 8\n${lines(300, (i) => `drwxr-xr-x  2 me me 4096 Nov 30 00:25 ${i % 50 === 0 ? 'assertion-error' : `pkg-${i}`}`)}`;
    expect(condense({ command: 'ls -la', stdout: listing, exitCode: 0 }).signalLines).toBe(0);
  });
});
