import { describe, expect, it } from 'vitest';
import { FAILURE_OVERFLOW } from '../../src/condense/failure-room.js';
import { condense } from '../../src/condense/index.js';
import { placeOf } from '../../src/condense/locations.js';
import { listPlaces } from '../../src/condense/place-list.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');
const noise = (count: number): string => lines(count, (i) => `  compiling unit ${i} of the project with the usual flags`);

describe('distinct failures are never folded away unnamed', () => {
  it('names every place of a warning told again at other places, in the fold marker if not on a shown line', () => {
    const warnings = lines(40, (i) => `src/mod${i}.c:${10 + i}:9: warning: unused variable ‘tmp’ [-Wunused-variable]`);
    const result = condense({ command: 'make -k', stdout: noise(400) + warnings + noise(400), exitCode: 2 });
    for (let i = 0; i < 40; i++)
      expect(result.stdout).toContain(i === 0 ? 'src/mod0.c:10:9: warning' : `src/mod${i}.c:${10 + i}:9`);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 4);
  });

  it('shows a warning of one shape with another message while the budget holds it', () => {
    const warnings = lines(
      40,
      (i) => `src/mod${i}.c:${10 + i}:9: warning: unused variable ‘${'tmp'.repeat(1 + (i % 4))}’ [-Wunused-variable]`,
    );
    const result = condense({ command: 'make -k', stdout: noise(400) + warnings + noise(400), exitCode: 2 });
    for (let i = 0; i < 4; i++)
      expect(result.stdout).toContain(`src/mod${i}.c:${10 + i}:9: warning: unused variable ‘${'tmp'.repeat(1 + i)}’`);
  });

  it('shows errors before warnings when both cannot fit, and names every hidden place in the fold marker', () => {
    const warnings = lines(
      600,
      (i) => `lib/file${Math.floor(i / 100)}.py:${i + 1}:80: E501 line too long (${81 + (i % 9)} > 79 characters)`,
    );
    const errors = lines(3, (i) => `lib/late${i}.c:${i + 5}:2: error: ‘x${i}’ undeclared (first use in this function)`);
    const result = condense({ command: 'lint', stdout: warnings + errors, exitCode: 1 }, { recordId: 'r_1' });
    for (let i = 0; i < 3; i++) expect(result.stdout).toContain(`lib/late${i}.c:${i + 5}:2: error: ‘x${i}’ undeclared`);
    const marker = result.stdout.split('\n').find((line) => line.includes(' more like the line above') && line.includes(', at '));
    expect(marker).toBeDefined();
    // the view grows past the budget for them up to its ceiling; the marker names every place past it, file by file
    expect(marker).toContain('lib/file2.py:201:80 to line 300; lib/file3.py:301:80 to line 400; lib/file4.py:401:80 to line 500');
    expect(result.tokensAfter).toBeLessThanOrEqual(2000 * FAILURE_OVERFLOW);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 3);
  });

  it('folds word-for-word repeats with a count and no place list', () => {
    const stdout = noise(300) + lines(200, () => 'warning: deprecated inflight@1.0.6: This module is not supported') + noise(300);
    const result = condense({ command: 'build', stdout, exitCode: 0 }, { recordId: 'r_2' });
    expect(result.stdout.match(/warning: deprecated inflight/g)).toHaveLength(1);
    expect(result.stdout).not.toContain(', at ');
  });

  it('keeps a linter finding that carries a rule code but no severity word (flake8, ruff, pylint)', () => {
    const stdout = noise(600) + "pkg/auth.py:1:1: F401 'base64' imported but unused\n" + noise(600);
    expect(condense({ command: 'check', stdout, exitCode: 1 }).stdout).toContain(
      "pkg/auth.py:1:1: F401 'base64' imported but unused",
    );
  });

  it('finds the place of a rustc warning on its ` --> ` line and keeps that line with it', () => {
    const warning = (i: number): string =>
      `warning: unused variable: \`v\`\n  --> src/main.rs:${i + 3}:9\n   |\n${i + 3} |     let v = ${i};\n   |         ^^ help: prefix it\n\n`;
    const stderr =
      Array.from({ length: 400 }, (_, i) => warning(i)).join('') +
      'error: could not compile `demo` (bin "demo") due to 1 previous error\n';
    const result = condense({ command: 'cargo build', stdout: '', stderr, exitCode: 101 });
    expect(result.stderr).toContain('src/main.rs:3:9');
    expect(result.stderr).toMatch(/, at src\/main\.rs:\d+:9 to line 402/);
  });
});

describe('failures that name other numbered things', () => {
  it('keeps each failing target and test whose name differs only in its digits, and folds a repeat with other numbers', () => {
    const failures = [3, 17, 21, 26].map((n) => `make: *** [Makefile:8: mod${n}.o] Error 1`);
    const tests = [5, 18, 29, 33].map((n) => `FAILED tests/test_calc.py::test_case_${n} - AssertionError: sums differ`);
    const retries = lines(30, (i) => `ERROR: cache refused the connection, retrying in ${(i % 7) + 1}s`);
    const stdout = noise(300) + failures.join('\n') + '\n' + noise(300) + tests.join('\n') + '\n' + retries + noise(300);
    const result = condense({ command: 'make -k check', stdout, exitCode: 2 });
    for (const line of [...failures, ...tests]) expect(result.stdout).toContain(line);
    expect(result.stdout.match(/retrying in/g)).toHaveLength(1);
  });
});

describe('places', () => {
  it.each([
    ['gcc', 'src/a.c:12:5: error: x', 'src/a.c:12:5'],
    ['tsc', "src/a.ts(12,5): error TS2322: Type 'a'", 'src/a.ts(12,5)'],
    ['rustc', '  --> src/main.rs:5:9', 'src/main.rs:5:9'],
    ['python', '  File "/app/run.py", line 10, in main', '/app/run.py, line 10'],
    ['javac', 'src/com/acme/Svc1.java:11: error: incompatible types', 'src/com/acme/Svc1.java:11'],
  ])('reads a %s place', (_tool, line, expected) => {
    const place = placeOf(line);
    expect(place === undefined ? undefined : place.file + place.at).toBe(expected);
  });

  it('names each file once for its run of places, the first place whole, the other lines by number', () => {
    const places = ['a.py:3:1', 'a.py:5:1', 'b.ts(1,2)', 'b.ts(7,1)', 'b.ts(9,4)'].map((text) => placeOf(text)!);
    expect(listPlaces(places)).toBe('a.py:3:1, also line 5; b.ts(1,2), also lines 7,9');
  });

  it('writes places on consecutive lines of a file as a range, and numbered files told alike as a brace range', () => {
    const places = [
      ...Array.from({ length: 40 }, (_, i) => `src/many.ts(${i + 2},14)`),
      ...Array.from({ length: 12 }, (_, i) => `src/m${String(i + 1).padStart(3, '0')}.c:2:24`),
      'src/m020.c:2:24',
      'lib/x.py:4:1',
      'lib/x.py:9:1',
    ].map((text) => placeOf(text)!);
    expect(listPlaces(places)).toBe(
      'lib/x.py:4:1, also line 9; src/m{001..012}.c:2:24; src/m020.c:2:24; src/many.ts(2,14) to line 41',
    );
  });
});
