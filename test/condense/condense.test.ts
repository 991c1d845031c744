import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import type { Recogniser } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');
const busyLog = (count: number): string =>
  lines(count, (i) => `step ${i}: processed item-${(i * 7919) % 1000} in ${i % 13}ms, queue depth ${i % 7}, worker w${i % 4}`);

describe('condense', () => {
  it('passes a small output through untouched', () => {
    const result = condense({ command: 'echo hi', stdout: 'hi\n', stderr: '', exitCode: 0 });
    expect(result).toMatchObject({ stdout: 'hi\n', stderr: '', strategy: 'pass-through', omittedLines: 0, stdoutLines: 1 });
  });

  it.each(['cat big.log | head', 'git log | head -n 40', 'seq 1 99999 | tail -20', 'cat x | tail --lines=100'])(
    'passes output already bounded by `%s` through',
    (command) => {
      const result = condense({ command, stdout: busyLog(3000) }, { budgetTokens: 100 });
      expect(result.strategy).toBe('pass-through');
      expect(result.stdoutLines).toBe(3000);
    },
  );

  it('condenses a big output to about the budget and names every range it left out', () => {
    const stdout = busyLog(5000);
    const result = condense({ command: './job', stdout, exitCode: 0 }, { recordId: 'r_ab12' });
    expect(result.strategy).toBe('condensed');
    expect(result.tokensAfter).toBeLessThanOrEqual(2000);
    expect(result.stdoutOmitted.length).toBeGreaterThan(0);
    const counted = result.stdoutOmitted.reduce((sum, r) => sum + r.to - r.from + 1, 0);
    expect(counted).toBe(result.omittedLines);
    for (const range of result.stdoutOmitted) {
      const label = range.from === range.to ? `line ${range.from}` : `lines ${range.from}–${range.to}`;
      const fetch = `; detail\\("r_ab12", \\{ selector: "stdout", fromLine: ${range.from}, toLine: ${range.to} \\}\\)`;
      expect(result.stdout, label).toMatch(
        new RegExp(`\\[… ${label} omitted \\(${range.to - range.from + 1}\\)(?:, each like line \\d+)?(?:${fetch})?\\]`),
      );
    }
    // the first marker says how to fetch; the later ones stay short
    expect(result.stdout.match(/detail\(/g)?.length).toBe(1);
  });

  it('lifts a failure in the elided middle back in', () => {
    const stdout = busyLog(2500) + "src/core.c:88:5: error: use of undeclared identifier 'frobnicate'\n" + busyLog(2500);
    const result = condense({ command: 'make', stdout, exitCode: 2 });
    expect(result.stdout).toContain("src/core.c:88:5: error: use of undeclared identifier 'frobnicate'");
    expect(result.signalLines).toBeGreaterThanOrEqual(1);
  });

  it('keeps a traceback printed by a job that exits 0', () => {
    const trace =
      'Traceback (most recent call last):\n  File "job.py", line 3, in <module>\n    main()\nValueError: bad row 17\n';
    const result = condense({ stdout: busyLog(3000) + trace + busyLog(3000), exitCode: 0 });
    expect(result.stdout).toContain(trace.trimEnd());
  });

  it('folds true repeats into one line with a count', () => {
    const stdout = lines(400, (i) => `ERROR: connection to cache refused, retrying in ${i % 5}s`);
    const result = condense({ command: 'serve', stdout, exitCode: 1 }, { recordId: 'r1' });
    expect(result.stdout).toContain('ERROR: connection to cache refused, retrying in 0s');
    expect(result.stdout).toMatch(
      /\[… lines \d+–\d+ omitted \(\d+\), each like line 1; detail\("r1", \{ selector: "stdout", fromLine: \d+, toLine: \d+ \}\)\]/,
    );
    expect(result.stdout).not.toContain(', at ');
  });

  it('never claims success the exit code denies: a failure with no recognised error keeps the tail and says so', () => {
    const stdout = lines(3000, (i) => `✓ test ${i} passes`) + 'the database went away\n';
    const result = condense({ command: 'vitest run', stdout, exitCode: 1 });
    expect(result.stdout).toContain('[… exit code 1 but no failure line recognised; the last lines are kept …]');
    expect(result.stdout).toContain('the database went away');
  });

  it('caps a very long line so a keyword cannot drag it in whole', () => {
    const minified = `TypeError: minified bundle failed ${'x=y+z;'.repeat(100_000)}`;
    const result = condense({ stdout: busyLog(2000) + minified + '\n' + busyLog(2000), exitCode: 1 });
    expect(result.stdout.length).toBeLessThan(20_000);
    expect(result.stdout).toMatch(/\[… \d+ chars omitted …\]/);
  });

  it('gives a data output a faithful overview', () => {
    const stdout = lines(3000, (i) => `./src/module${i % 30}/file${i}.ts`);
    const result = condense({ command: 'find . -name "*.ts"', stdout, exitCode: 0 });
    expect(result.recognizer).toBe('listing');
    expect(result.stdout).toMatch(/^\[overview: 3000 paths in 30 directories: /);
  });

  it("tries the caller's recognisers first", () => {
    const mine: Recogniser = { name: 'deploy', command: /^deploy\b/, signals: [/^ROLLBACK /] };
    const stdout = busyLog(2000) + 'ROLLBACK release 42\n' + busyLog(2000);
    const result = condense({ command: 'deploy --prod', stdout, exitCode: 0 }, { recognizers: [mine] });
    expect(result.recognizer).toBe('deploy');
    expect(result.stdout).toContain('ROLLBACK release 42');
  });
});

describe('condense options', () => {
  it.each([
    [{ stdout: 1 }, undefined, 'Expected `stdout` to be a string, got `1` (number)'],
    [{ stdout: '', exitCode: 1.5 }, undefined, 'Expected `exitCode` to be an integer'],
    [{ stdout: '' }, { budgetTokens: -5 }, 'Expected `budgetTokens` to be an integer from 1 to'],
    [{ stdout: '' }, { mode: 'fast' }, "Expected `mode` to be one of 'smart', 'lossless', got `fast` (string)"],
    [{ stdout: '' }, { budget: 5 }, 'Unknown option `budget`'],
    [{ stdout: '', cwd: '/' }, undefined, 'Unknown option `input.cwd`'],
    [
      { stdout: '' },
      { recognizers: [{ name: 'x', signals: ['error'] }] },
      'Expected `recognizers[0].signals` to be an array of RegExps',
    ],
  ])('rejects %j %j', (input, options, message) => {
    expect(() => condense(input as never, options as never)).toThrow(TypeError);
    expect(() => condense(input as never, options as never)).toThrow(message);
  });

  it('accepts a null exit code (killed)', () => {
    expect(condense({ stdout: 'x\n', exitCode: null }).stdout).toBe('x\n');
  });
});
