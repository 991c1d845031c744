import type { ExitRule } from '../types.js';

/** find exits 1 when some paths could not be read; what it did list is still valid. */
export const findRules: readonly ExitRule[] = [
  { programs: ['find'], codes: [1], status: 'ok', message: 'Some paths could not be read or do not exist (see stderr)' },
];
