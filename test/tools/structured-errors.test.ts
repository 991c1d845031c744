import { describe, expect, it } from 'vitest';
import { errorResult } from '../../src/tools/tool-result.js';
import { invalid, readOptionsObject } from '../../src/validate.js';

const messageOf = (error: unknown): string =>
  (errorResult(error, true).structuredContent as { error: { message: string } }).error.message;

describe('tool errors from validation errors', () => {
  it('rebuilds the sentence with snake_case field names from the error’s parts', () => {
    expect(messageOf(invalid('expect.stdoutMatches', 'a valid regular expression', '('))).toBe(
      'Expected `expect.stdout_matches` to be a valid regular expression, got `(` (string)',
    );
    let unknown: unknown;
    try {
      readOptionsObject('options', { timeOut: 1 }, ['timeoutMs', 'killGraceMs']);
    } catch (error) {
      unknown = error;
    }
    expect(messageOf(unknown)).toBe('Unknown option `time_out`; expected one of: timeout_ms, kill_grace_ms');
  });

  it('leaves what the caller wrote as it was, whatever it looks like', () => {
    const written = 'Give `fooBar` and Expected `barBaz`';
    expect(messageOf(invalid('timeoutMs', 'a non-negative integer', written))).toBe(
      `Expected \`timeout_ms\` to be a non-negative integer, got \`${written}\` (string)`,
    );
  });
});
