import type { ExitRule } from '../types.js';

/** diff, cmp and `git diff --exit-code`: 1 means the inputs differ, 2 means trouble. */
export const compareRules: readonly ExitRule[] = [
  { programs: ['diff', 'cmp', 'sdiff', 'colordiff'], codes: [1], status: 'ok', message: 'Files differ' },
  { programs: ['diff3'], codes: [1], status: 'ok', message: 'Conflicts found' },
  {
    programs: ['diff', 'cmp', 'sdiff', 'diff3', 'colordiff'],
    codes: [2],
    status: 'error',
    message: 'Comparison failed: a file is missing or unreadable',
  },
  {
    programs: ['git'],
    subcommands: ['diff', 'diff-index', 'diff-files', 'diff-tree'],
    withArgs: ['--exit-code', '--quiet', '--no-index'],
    codes: [1],
    status: 'ok',
    message: 'Differences found',
  },
];
