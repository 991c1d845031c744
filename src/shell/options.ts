import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Policy } from '../plan/index.js';
import { normalizeRunOptions, RUN_OPTION_KEYS } from '../run/run-options.js';
import { normalizePolicy } from '../run/run-policy.js';
import { normalizeSandboxOptions } from '../sandbox/index.js';
import { invalid, isPlainObject, optionalBoolean, optionalString, optionalEnvRecord, readOptionsObject } from '../validate.js';
import type { ShellOptions } from './types.js';

export interface NormalizedShellOptions {
  cwd: string;
  env: Record<string, string>;
  storeDir: string | undefined;
  checkpointDir: string | undefined;
  policy: Policy | undefined;
  /** The sandbox every run gets (as given, validated), or undefined. */
  sandbox: unknown;
  defaults: Record<string, unknown>;
  persistEnv: boolean;
  jobs: Record<string, unknown>;
  allowDangerouslyDisableSandbox: boolean;
}

const NOT_DEFAULTS = ['cwd', 'env', 'store', 'jobs', 'signal', 'onProgress', 'onStdout', 'onStderr', 'onLine', 'input'];
/** The shell's own store, job manager and policy serve every run: a call cannot replace them. */
export const SHELL_RUN_KEYS: readonly string[] = RUN_OPTION_KEYS.filter((key) => key !== 'store' && key !== 'jobs' && key !== 'policy');

export function normalizeShellOptions(options: ShellOptions | undefined): NormalizedShellOptions {
  const raw = readOptionsObject('options', options, ['cwd', 'env', 'storeDir', 'checkpointDir', 'policy', 'sandbox', 'defaults', 'persistEnv', 'jobs', 'allowDangerouslyDisableSandbox']);
  const cwd = resolve(optionalString('cwd', raw.cwd, { nonEmpty: true }) ?? process.cwd());
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) throw invalid('cwd', 'an existing directory', raw.cwd ?? cwd);
  const defaults = readOptionsObject('defaults', raw.defaults, SHELL_RUN_KEYS.filter((key) => !NOT_DEFAULTS.includes(key)));
  normalizeRunOptions({ ...defaults, cwd }); // validates every default, naming the field
  if (raw.jobs !== undefined && !isPlainObject(raw.jobs)) throw invalid('jobs', 'a plain object of job manager options', raw.jobs);
  return {
    cwd,
    env: optionalEnvRecord('env', raw.env) ?? {},
    storeDir: optionalString('storeDir', raw.storeDir, { nonEmpty: true }),
    checkpointDir: optionalString('checkpointDir', raw.checkpointDir, { nonEmpty: true }),
    policy: normalizePolicy(raw.policy),
    sandbox: normalizeSandboxOptions(raw.sandbox, 'sandbox') === undefined ? undefined : raw.sandbox,
    defaults,
    persistEnv: optionalBoolean('persistEnv', raw.persistEnv) ?? false,
    jobs: (raw.jobs ?? {}) as Record<string, unknown>,
    allowDangerouslyDisableSandbox: optionalBoolean('allowDangerouslyDisableSandbox', raw.allowDangerouslyDisableSandbox) ?? false,
  };
}
