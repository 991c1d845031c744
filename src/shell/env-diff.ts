import { RUN_TAG_VARIABLE } from '../process/child-env.js';
import { SESSION_OUT_VARIABLE } from './session-capture.js';

/** Variables bash itself sets or tersh uses, never persisted. */
const IGNORED = new Set(['PWD', 'OLDPWD', 'SHLVL', '_', 'BASH_ENV', RUN_TAG_VARIABLE, SESSION_OUT_VARIABLE]);

export interface EnvChanges {
  set: Record<string, string>;
  unset: string[];
}

/** What a command changed in its exported environment, compared with the one it was given. */
export function diffEnv(given: NodeJS.ProcessEnv, after: Record<string, string>): EnvChanges {
  const changes: EnvChanges = { set: {}, unset: [] };
  for (const [name, value] of Object.entries(after)) {
    if (!IGNORED.has(name) && given[name] !== value) changes.set[name] = value;
  }
  for (const name of Object.keys(given)) {
    if (!IGNORED.has(name) && !(name in after)) changes.unset.push(name);
  }
  return changes;
}
