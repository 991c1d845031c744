import type { ExitRule } from '../types.js';

/** grep and its relatives: 1 means nothing matched, which is an answer, not a failure. */
export const searchRules: readonly ExitRule[] = [
  {
    programs: ['grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ag', 'ack', 'pcregrep', 'ugrep'],
    codes: [1],
    status: 'ok',
    message: 'No matches found',
  },
  { programs: ['git'], subcommands: ['grep'], codes: [1], status: 'ok', message: 'No matches found' },
  {
    programs: ['grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ugrep'],
    codes: [2],
    status: 'error',
    message: 'Search failed: a file was unreadable or the pattern is invalid',
  },
];
