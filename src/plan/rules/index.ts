import type { PlanRule } from '../types.js';
import { containerRules } from './containers.js';
import { databaseRules } from './database.js';
import { execRules } from './exec.js';
import { filesystemRules } from './filesystem.js';
import { gitRules } from './git.js';
import { networkRules } from './network.js';
import { readOnlyRules } from './readonly.js';
import { systemRules } from './system.js';

/** The built-in catalogue of `plan()`, in matching order (`PlanOptions.rules` are tried before it). */
export const planRules: readonly PlanRule[] = [
  ...filesystemRules,
  ...gitRules,
  ...databaseRules,
  ...containerRules,
  ...systemRules,
  ...networkRules,
  ...execRules,
  ...readOnlyRules,
];

export { containerRules, databaseRules, execRules, filesystemRules, gitRules, networkRules, readOnlyRules, systemRules };
