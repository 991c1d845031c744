import { describe, expect, it } from 'vitest';
import { normalizeExpectations } from '../../src/expect/index.js';

describe('normalizeExpectations', () => {
  it('turns sugar into lists and compiles the regex line by line', () => {
    const normalized = normalizeExpectations({
      exit: 0,
      stdoutContains: 'ready',
      stdoutMatches: '^ok$',
      fileExists: 'a',
      fileAbsent: ['b', 'c'],
      changed: 'x',
      maxMs: 5,
      stderrEmpty: true,
    });
    expect(normalized).toEqual({
      exit: [0],
      stdoutContains: ['ready'],
      stdoutMatches: /^ok$/m,
      fileExists: ['a'],
      fileAbsent: ['b', 'c'],
      changed: ['x'],
      maxMs: 5,
      stderrEmpty: true,
    });
    expect(normalized.stdoutMatches?.test('first\nok\nlast')).toBe(true);
  });

  it('is idempotent', () => {
    const once = normalizeExpectations({ exit: [0, 1], stdoutMatches: 'v\\d+', changed: false });
    expect(normalizeExpectations(once)).toEqual(once);
  });

  it('drops the stateful g and y flags of a RegExp given as is', () => {
    const regex = normalizeExpectations({ stdoutMatches: /ok/gi }).stdoutMatches as RegExp;
    expect(regex.flags).toBe('i');
    expect([regex.test('OK'), regex.test('OK')]).toEqual([true, true]);
  });

  it('returns an empty object for no expectations', () => {
    expect(normalizeExpectations(undefined)).toEqual({});
  });

  it.each([
    [
      { stdoutMatches: '(' },
      'Expected `expect.stdoutMatches` to be a valid regular expression, got `(` (string): Invalid regular expression: /(/: Unterminated group',
    ],
    [{ stdoutMatches: 5 }, 'Expected `expect.stdoutMatches` to be a regular expression string, got `5` (number)'],
    [{ exit: -1 }, 'Expected `expect.exit` to be an integer from 0 to 255, got `-1` (number)'],
    [{ exit: [0, 'x'] }, 'Expected `expect.exit[1]` to be an integer from 0 to 255, got `x` (string)'],
    [{ exit: [] }, 'Expected `expect.exit` to be an exit code or a non-empty array of exit codes, got `[]` (array)'],
    [
      { stdoutContains: '' },
      'Expected `expect.stdoutContains` to be a non-empty string or a non-empty array of non-empty strings, got `` (string)',
    ],
    [{ fileExists: [1] }, 'Expected `expect.fileExists[0]` to be a string, got `1` (number)'],
    [{ stderrEmpty: 'yes' }, 'Expected `expect.stderrEmpty` to be a boolean, got `yes` (string)'],
    [{ changed: 1 }, 'Expected `expect.changed` to be a boolean or an array of paths, got `1` (number)'],
    [{ maxMs: 1.5 }, 'Expected `expect.maxMs` to be a non-negative integer, got `1.5` (number)'],
    [
      { stdout_contains: 'x' },
      'Unknown option `expect.stdout_contains`; expected one of: exit, stdoutContains, stdoutMatches, stderrEmpty, fileExists, fileAbsent, changed, maxMs',
    ],
    ['exit 0', 'Expected `expect` to be a plain object, got `exit 0` (string)'],
  ])('rejects %j', (value, message) => {
    expect(() => normalizeExpectations(value)).toThrow(new TypeError(message));
  });

  it('names the field it is given', () => {
    expect(() => normalizeExpectations({ stdoutMatches: '[' }, 'options.expect')).toThrow(
      /^Expected `options\.expect\.stdoutMatches` to be a valid regular expression/,
    );
  });
});
