import { describe, expect, it } from 'vitest';
import { FAILURE_OVERFLOW } from '../../src/condense/failure-room.js';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { expectExactView } from '../helpers/view-check.js';

const BUDGET = 2000;
/** About what one marker's place list costs at most (place-list.ts: 4 000 characters). */
const PLACE_LIST_TOKENS = 1400;

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');
const ordinary = (count: number, from = 0): string =>
  lines(count, (i) => `  CC       build/objects/unit_${from + i}.o  (flags -O2 -g -Wall, module group ${(from + i) % 13})`);
/** One error per file, each at its own line: every one is a distinct failure (another place). */
const errorAt = (i: number): string => `src/unit${i}.c:${i + 7}:5: error: implicit declaration of function ‘setup’`;

describe('distinct failures come before every other use of the budget', () => {
  it('shows every distinct failure of an output a few times its budget, growing the view past the budget for them alone', () => {
    const errors = lines(150, errorAt);
    const stdout = ordinary(600) + errors + ordinary(600, 600);
    const result = condense({ command: 'make -k', stdout, exitCode: 2 }, { recordId: 'r_room' });
    expect(result.tokensBefore).toBeGreaterThan(3 * BUDGET);
    for (let i = 0; i < 150; i++) expect(result.stdout).toContain(errorAt(i));
    expect(result.tokensAfter).toBeGreaterThan(BUDGET);
    expect(result.tokensAfter).toBeLessThanOrEqual(BUDGET * FAILURE_OVERFLOW);
    // the ordinary lines around them get nothing beyond their markers
    expect(result.stdout.split('\n').filter((line) => line.includes('build/objects/unit_')).length).toBeLessThan(20);
  });

  it('holds the lines at the ceiling past it, names every hidden place in the marker, and keeps the view exact', () => {
    const errors = lines(500, errorAt);
    const stdout = ordinary(300) + errors + ordinary(300, 300);
    const result = condense({ command: 'make -k', stdout, exitCode: 2 }, { recordId: 'r_ceiling' });
    expect(result.tokensAfter).toBeLessThanOrEqual(BUDGET * FAILURE_OVERFLOW + PLACE_LIST_TOKENS);
    const view = result.stdout;
    const marker = view.split('\n').find((line) => line.includes(' more like the line above') && line.includes(', at '));
    expect(marker).toBeDefined();
    const hidden = Array.from({ length: 500 }, (_, i) => i).filter((i) => !view.includes(errorAt(i)));
    expect(hidden.length).toBeGreaterThan(50);
    expect(marker).toContain(`×${hidden.length} more like the line above`);
    // every hidden place is listed, up to the marker's 4 000 characters, and the rest are counted
    const listed = hidden.filter((i) => (marker as string).includes(`src/unit${i}.c:${i + 7}:5`));
    const counted = Number(/; … (\d+) more/.exec(marker as string)?.[1] ?? 0);
    expect(listed.length).toBeGreaterThan(150);
    expect(listed.length + counted).toBe(hidden.length);
    expectExactView(normalizeLines(stdout), view, result.stdoutOmitted, { endsWithNewline: false });
  });

  it('folds true repeats (the same place and message) with their exact count, whatever room is left', () => {
    const repeat = 'lib/cache.py:88:1: W0611: Unused import os (unused-import)';
    const stdout = ordinary(400) + lines(60, () => repeat) + lines(3, errorAt) + ordinary(400, 400);
    const result = condense({ command: 'make -k', stdout, exitCode: 2 }, { recordId: 'r_repeat' });
    expect(result.stdout.split('\n').filter((line) => line === repeat)).toHaveLength(1);
    expect(result.stdout).toMatch(/\[… ×59 more like the line above|omitted \(59\), each like line/);
    for (let i = 0; i < 3; i++) expect(result.stdout).toContain(errorAt(i));
    expect(result.tokensAfter).toBeLessThan(BUDGET);
  });
});

describe('what makes two failures distinct', () => {
  const run = (failures: string): string =>
    condense({ command: 'make -k', stdout: ordinary(500) + failures + ordinary(500, 500), exitCode: 2 }, { recordId: 'r_d' })
      .stdout;

  it('another place with the same message is another failure', () => {
    const failures = [3, 40, 41, 97].map((n) => `app/models.py:${n}:1: F821 undefined name 'session'`);
    const view = run(`${failures.join('\n')}\n`.repeat(1));
    for (const line of failures) expect(view).toContain(line);
  });

  it('another message at the same place is another failure, and so is another quoted name or code', () => {
    const failures = [
      "app/models.py:12:1: F821 undefined name 'session'",
      "app/models.py:12:1: F821 undefined name 'engine'",
      "app/models.py:12:1: F405 'engine' may be undefined, or defined from star imports",
      'app/models.py:12:1: E0602: Undefined variable (undefined-variable)',
    ];
    const view = run(`${failures.join('\n')}\n${failures.join('\n')}\n${failures.join('\n')}\n`);
    for (const line of failures) expect(view.split('\n').filter((shown) => shown === line)).toHaveLength(1);
  });

  it('a line differing from another at its place only in a plain number (a count, a duration, an address) is a repeat', () => {
    const retries = lines(
      40,
      (i) => `worker.go:77: error: dial refused after ${(i % 9) + 1}s (attempt ${i + 1}, conn 0x7f${i}a0)`,
    );
    const view = run(retries);
    expect(view.match(/dial refused after/g)).toHaveLength(1);
    expect(view).toMatch(/\[… ×39 more like the line above|omitted \(39\), each like line/);
  });
});
