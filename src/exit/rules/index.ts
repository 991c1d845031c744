import type { ExitRule } from '../types.js';
import { compareRules } from './compare.js';
import { findRules } from './find.js';
import { networkRules } from './network.js';
import { processRules } from './process.js';
import { searchRules } from './search.js';
import { testRules } from './test.js';

/** Every built-in rule, one family a file. */
export const exitRules: readonly ExitRule[] = [
  ...processRules,
  ...searchRules,
  ...findRules,
  ...compareRules,
  ...testRules,
  ...networkRules,
];

export { compareRules, findRules, networkRules, processRules, searchRules, testRules };
