import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExpectations } from '../../src/expect/index.js';
import type { Expectations } from '../../src/expect/index.js';

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tersh-expect-'));
  writeFileSync(join(dir, 'present.txt'), 'x');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string) {
  const started = performance.now();
  const out = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8' });
  return { exit: out.status, ms: performance.now() - started, stdout: out.stdout, stderr: out.stderr };
}

const threeLines = 'printf "one\\ntwo\\nthree\\n"';

// [command, expectations, the sentences expected (empty: all held)]
const cases: [string, Expectations, string[]][] = [
  ['exit 2', { exit: 0 }, ['expected exit 0, got 2']],
  ['exit 2', { exit: [0, 1] }, ['expected exit 0 or 1, got 2']],
  ['exit 2', { exit: [0, 1, 3] }, ['expected exit 0, 1 or 3, got 2']],
  ['exit 1', { exit: [0, 1] }, []],
  ['kill -9 $$', { exit: 0 }, ['expected exit 0, got none (the process was killed)']],
  [threeLines, { stdoutContains: 'ready' }, ['expected stdout to contain "ready"; it did not (3 lines)']],
  [
    threeLines,
    { stdoutContains: ['two', 'four', 'five'] },
    ['expected stdout to contain "four"; it did not (3 lines)', 'expected stdout to contain "five"; it did not (3 lines)'],
  ],
  ['echo -n one', { stdoutContains: 'two' }, ['expected stdout to contain "two"; it did not (1 line)']],
  ['true', { stdoutContains: 'x' }, ['expected stdout to contain "x"; it did not (stdout was empty)']],
  [threeLines, { stdoutMatches: '^t\\w+$' }, []],
  [threeLines, { stdoutMatches: '^v\\d+' }, ['expected stdout to match /^v\\d+/m; it did not (3 lines)']],
  [
    'echo warning: low disk >&2; echo more >&2',
    { stderrEmpty: true },
    ['expected stderr to be empty; it had 2 lines, first: "warning: low disk"'],
  ],
  ['true', { stderrEmpty: false }, ['expected stderr not to be empty; it was']],
  ['true', { fileExists: ['present.txt', 'dist/index.js'] }, ['expected file "dist/index.js" to exist; it does not']],
  [
    'touch made.lock',
    { fileAbsent: 'made.lock', fileExists: 'made.lock' },
    ['expected file "made.lock" to be absent; it exists'],
  ],
  ['true', { exit: 0, stderrEmpty: true, maxMs: 60_000 }, []],
];

describe('checkExpectations', () => {
  it.each(cases)('checks `%s` against %j', (command, expectations, sentences) => {
    const report = checkExpectations(run(command), expectations, { cwd: dir });
    expect(report).toEqual(sentences.length === 0 ? { assertOk: true } : { assertOk: false, assertionsFailed: sentences });
  });

  it('reports a command slower than maxMs with both durations', () => {
    const result = run('sleep 0.3');
    const report = checkExpectations(result, { maxMs: 50 }, { cwd: dir });
    expect(report.assertionsFailed).toEqual([`expected to finish within 50 ms; took ${Math.round(result.ms)} ms`]);
    expect(result.ms).toBeGreaterThanOrEqual(250);
  });

  it('reports every failed expectation in a fixed order', () => {
    const report = checkExpectations(
      run('echo hi; echo oops >&2; exit 3'),
      { exit: 0, stdoutContains: 'bye', stderrEmpty: true, fileExists: 'nope' },
      { cwd: dir },
    );
    expect(report.assertionsFailed).toEqual([
      'expected exit 0, got 3',
      'expected stdout to contain "bye"; it did not (1 line)',
      'expected stderr to be empty; it had 1 line, first: "oops"',
      'expected file "nope" to exist; it does not',
    ]);
  });

  it('says so when changed cannot be checked without snapshots', () => {
    expect(checkExpectations(run('true'), { changed: true }, { cwd: dir }).assertionsFailed).toEqual([
      'cannot check "changed": no git snapshots were taken before and after the command',
    ]);
  });

  it('uses filesChanged when the caller already knows them', () => {
    const result = run('true');
    expect(checkExpectations(result, { changed: true }, { cwd: dir, filesChanged: [] }).assertionsFailed).toEqual([
      'expected tracked files to change; none did',
    ]);
    expect(
      checkExpectations(result, { changed: false }, { cwd: dir, filesChanged: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })
        .assertionsFailed,
    ).toEqual(['expected no tracked files to change; 7 did: a, b, c, d, e and 2 more']);
    expect(checkExpectations(result, { changed: ['./a', 'z'] }, { cwd: dir, filesChanged: ['a'] }).assertionsFailed).toEqual([
      'expected "z" to change; it did not',
    ]);
  });

  it('validates expectations before checking', () => {
    expect(() => checkExpectations(run('true'), { stdoutMatches: '(' }, { cwd: dir })).toThrow(
      /^Expected `expect\.stdoutMatches` to be a valid regular expression/,
    );
  });
});
