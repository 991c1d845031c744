import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/run/index.js';
import { toSnakeCase, type SnakeCased } from '../../src/tools/index.js';

describe('toSnakeCase', () => {
  it.each([
    ['timedOut', 'timed_out'],
    ['assertOk', 'assert_ok'],
    ['stdoutTruncatedBytes', 'stdout_truncated_bytes'],
    ['shellKind', 'shell_kind'],
    ['jobId', 'job_id'],
    ['id', 'id'],
  ])('renames %s to %s', (from, to) => {
    expect(toSnakeCase({ [from]: 1 })).toEqual({ [to]: 1 });
  });

  it('renames nested keys, keeps arrays, drops undefined fields', () => {
    const result = { traceSummary: { filesRead: { items: ['/a'], count: 1 } }, assertionsFailed: ['x'], hint: undefined };
    expect(toSnakeCase(result)).toEqual({ trace_summary: { files_read: { items: ['/a'], count: 1 } }, assertions_failed: ['x'] });
  });

  it('leaves keys that are not identifiers alone and never mutates its input', () => {
    const input = Object.freeze({ 'src/fooBar.ts': 1, Upper: 2 });
    expect(toSnakeCase(input)).toEqual({ 'src/fooBar.ts': 1, Upper: 2 });
  });

  it('copies a __proto__ key as data instead of setting the prototype', () => {
    const out = toSnakeCase(JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('SnakeCased', () => {
  it('types the converted result with snake_case keys', () => {
    const result: RunResult = {
      id: 'r',
      exit: null,
      ok: false,
      ms: 5,
      shellKind: 'bash',
      timedOut: true,
      stdoutTruncatedBytes: 3,
    };
    const snake: SnakeCased<RunResult> = toSnakeCase(result);
    expect([snake.timed_out, snake.shell_kind, snake.stdout_truncated_bytes]).toEqual([true, 'bash', 3]);
  });
});
