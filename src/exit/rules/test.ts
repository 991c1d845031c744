import type { ExitRule } from '../types.js';

/** test, `[`, `[[` and `(( ))`: 1 means the condition is false. */
export const testRules: readonly ExitRule[] = [
  { programs: ['test', '[', '[['], codes: [1], status: 'ok', message: 'Condition is false' },
  { programs: ['(('], codes: [1], status: 'ok', message: 'Arithmetic expression is zero (false)' },
  { programs: ['test', '[', '[['], codes: [2], status: 'error', message: 'Invalid test expression' },
];
