// Caller regexes run on RE2 (issue 20 item 5): the catastrophic shapes answer at once, the everyday ones
// answer as JavaScript's engine does, and what RE2 cannot run is refused with a TypeError naming the field.
import { describe, expect, it } from 'vitest';
import { checkExpectations, createPlanner } from '../src/index.js';
import { normalizeExpectations } from '../src/expect/index.js';
import { linearRegExp } from '../src/linear-regexp.js';
import { grepWithJs } from '../src/tools/grep-js.js';
import { useTempDirs } from './helpers/temp-dir.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const tempDir = useTempDirs();
const evil = `${'a'.repeat(36)}!`;
const catastrophic = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '(a*)*b', '^(\\w+\\s?)*$'];

function timed<T>(task: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = task();
  return { value, ms: performance.now() - start };
}

describe('linearRegExp', () => {
  it.each(catastrophic)('answers %s against 36 a and a ! in well under 50 ms', (source) => {
    const regex = linearRegExp('match', source)!;
    regex.test('warm');
    const { value, ms } = timed(() => regex.test(evil));
    expect(value).toBe(false);
    expect(ms).toBeLessThan(50);
  });

  it.each([
    ['error: (\\w+)', '', 'x\nerror: boom at 3'],
    ['^(?<name>[a-z]+)=(\\d+)$', 'm', 'junk\nport=8080\n'],
    ['FAIL', 'i', 'tests: 3 fail'],
    ['a.c', 's', 'a\nc'],
    ['\\bcat\\b', '', 'concat cat'],
    ['x*', '', 'yxx'],
    ['é+', '', 'café éé'],
  ])('matches %s (flags %s) as JavaScript does', (source, flags, text) => {
    const linear = linearRegExp('match', source, flags)!;
    const native = new RegExp(source, flags);
    expect(linear.test(text)).toBe(native.test(text));
    expect(linear.exec(text)).toEqual(native.exec(text));
    expect(text.replace(linear, '<$&>')).toBe(text.replace(native, '<$&>'));
    const global = (regex: RegExp) => new RegExp(regex, `${flags}g`);
    expect([...text.matchAll(global(linear))].map((m) => [m[0], m.index])).toEqual(
      [...text.matchAll(global(native))].map((m) => [m[0], m.index]),
    );
    expect(text.split(linear)).toEqual(text.split(native));
    expect(String(linear)).toBe(String(native));
  });

  it.each([
    ['(a)\\1', /backreferences/],
    ['a(?=b)', /lookaround/],
    ['(?<!a)b', /lookaround/],
    ['x{1001}', /repeats up to/],
  ])('refuses %s with a TypeError naming the field', (source, why) => {
    expect(() => linearRegExp('match', source)).toThrow(TypeError);
    expect(() => linearRegExp('match', source)).toThrow(why);
    expect(() => linearRegExp('match', source)).toThrow(/^Expected `match` to be a regular expression that runs in linear time/);
  });

  it('refuses a value that is no pattern, naming the field', () => {
    expect(() => linearRegExp('match', 5)).toThrow(
      new TypeError('Expected `match` to be a regular expression string, got `5` (number)'),
    );
  });
});

describe('every place a caller regex runs', () => {
  it('expect.stdoutMatches, given as a string or as a RegExp', () => {
    for (const stdoutMatches of ['^(a+)+$', /^(a+)+$/]) {
      const { value, ms } = timed(() =>
        checkExpectations({ exit: 0, ms: 1, stdout: `${evil}\n`.repeat(200), stderr: '' }, { stdoutMatches }, { cwd: '/' }),
      );
      expect(value.assertOk).toBe(false);
      expect(ms).toBeLessThan(500);
    }
    expect(() => normalizeExpectations({ stdoutMatches: '(a)\\1' })).toThrow(
      /^Expected `expect\.stdoutMatches` to be a regular expression that runs in linear time/,
    );
  });

  it('the grep tool without ripgrep', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'log.txt'), `${evil}\n`.repeat(100) + 'aaa\n');
    const query = {
      pattern: '^(a+)+$',
      root: dir,
      cwd: dir,
      rootIsFile: false,
      fixedStrings: false,
      ignoreCase: false,
      includeIgnored: false,
      globs: [],
      maxResults: 10,
    };
    const start = performance.now();
    const outcome = await grepWithJs(query);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(outcome).toMatchObject({ count: 1, matches: [{ line: 101, text: 'aaa' }] });
    await expect(grepWithJs({ ...query, pattern: '(a)\\1' })).rejects.toThrow(
      /^Expected `pattern` to be a regular expression that runs in linear time/,
    );
  });

  it("a policy rule's argPattern and textPattern", async () => {
    const planner = await createPlanner({
      rules: [{ id: 'user.evil', program: 'mytool', category: 'destructive', argPattern: '^(a+)+$', textPattern: '(x+x+)+y' }],
    });
    const { ms } = timed(() => planner.plan(`mytool ${evil} ${'x'.repeat(40)}`));
    expect(ms).toBeLessThan(500);
    expect(planner.plan(`mytool ${'a'.repeat(10)} xxy`).category).toBe('destructive');
    await expect(
      createPlanner({ rules: [{ id: 'x', program: 'y', category: 'mutating', textPattern: '(a)\\1' }] }),
    ).rejects.toThrow(/^Expected `rules\[0\]\.textPattern` to be a regular expression that runs in linear time/);
  });
});
