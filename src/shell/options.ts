import type { ExecutorTarget } from '../executor/types.js';
import type { Policy } from '../plan/index.js';
import { normalizeExecutorCwd, normalizeRunOptions, RUN_OPTION_KEYS } from '../run/run-options.js';
import { normalizePolicy } from '../run/run-policy.js';
import { normalizeSandboxOptions } from '../sandbox/index.js';
import { SPAWNER_CHOICES } from '../process/warm/spawner-choice.js';
import {
  invalid,
  isPlainObject,
  optionalBoolean,
  optionalInteger,
  optionalOneOf,
  optionalString,
  optionalEnvRecord,
  readOptionsObject,
} from '../validate.js';
import type { ShellOptions } from './types.js';

export interface NormalizedShellOptions {
  cwd: string;
  env: Record<string, string>;
  storeDir: string | undefined;
  checkpointDir: string | undefined;
  maxUndoCheckpoints: number | undefined;
  policy: Policy | undefined;
  /** The sandbox every run gets (as given, validated), or undefined. */
  sandbox: unknown;
  defaults: Record<string, unknown>;
  persistEnv: boolean;
  jobs: Record<string, unknown>;
  /** Where every run goes; `cwd` is then a path there ('' until the target's own is read). */
  executor: ExecutorTarget | undefined;
  allowDangerouslyDisableSandbox: boolean;
}

const NOT_DEFAULTS = ['cwd', 'env', 'store', 'jobs', 'signal', 'onProgress', 'onStdout', 'onStderr', 'onLine', 'input'];
/** The shell's own store, job manager and policy serve every run: a call cannot replace them. */
export const SHELL_RUN_KEYS: readonly string[] = RUN_OPTION_KEYS.filter(
  (key) => key !== 'store' && key !== 'jobs' && key !== 'policy' && key !== 'executor',
);

export function normalizeShellOptions(options: ShellOptions | undefined): NormalizedShellOptions {
  const raw = readOptionsObject('options', options, [
    'cwd',
    'env',
    'storeDir',
    'checkpointDir',
    'maxUndoCheckpoints',
    'policy',
    'sandbox',
    'defaults',
    'persistEnv',
    'jobs',
    'executor',
    'spawner',
    'allowDangerouslyDisableSandbox',
  ]);
  const { executor, cwd } = normalizeExecutorCwd(raw);
  const defaults = readOptionsObject(
    'defaults',
    raw.defaults,
    SHELL_RUN_KEYS.filter((key) => !NOT_DEFAULTS.includes(key)),
  );
  // The shell's spawner is the default of its runs (a per-call `spawner` still wins).
  if (raw.spawner !== undefined) defaults.spawner = optionalOneOf('spawner', raw.spawner, SPAWNER_CHOICES);
  normalizeRunOptions({ ...defaults, cwd: executor ? undefined : cwd, ...(executor ? { executor } : {}) }); // validates every default, naming the field
  if (raw.jobs !== undefined && !isPlainObject(raw.jobs))
    throw invalid('jobs', 'a plain object of job manager options', raw.jobs);
  return {
    cwd,
    env: optionalEnvRecord('env', raw.env) ?? {},
    storeDir: optionalString('storeDir', raw.storeDir, { nonEmpty: true }),
    checkpointDir: optionalString('checkpointDir', raw.checkpointDir, { nonEmpty: true }),
    maxUndoCheckpoints: optionalInteger('maxUndoCheckpoints', raw.maxUndoCheckpoints, { min: 1 }),
    policy: normalizePolicy(raw.policy),
    sandbox: normalizeSandboxOptions(raw.sandbox, 'sandbox') === undefined ? undefined : raw.sandbox,
    defaults,
    persistEnv: optionalBoolean('persistEnv', raw.persistEnv) ?? false,
    jobs: (raw.jobs ?? {}) as Record<string, unknown>,
    executor,
    allowDangerouslyDisableSandbox:
      optionalBoolean('allowDangerouslyDisableSandbox', raw.allowDangerouslyDisableSandbox) ?? false,
  };
}

/** Seed 001: in a session, a foreground call still running after 30 s becomes a job. */
export const SHELL_AUTO_BACKGROUND_AFTER_MS = 30_000;

/**
 * A shell's run options with its default promotion, unless the caller chose (`autoBackgroundAfterMs`, `0` = never),
 * the run is a job already, or it asks for a verdict in the same call (`expect`, `retries`), which a job would not give.
 */
export function withDefaultPromotion(merged: Record<string, unknown>): Record<string, unknown> {
  const asksVerdict = merged.expect !== undefined || (typeof merged.retries === 'number' && merged.retries > 0);
  if (merged.autoBackgroundAfterMs !== undefined || merged.background === true || merged.detached === true || asksVerdict)
    return merged;
  return { ...merged, autoBackgroundAfterMs: SHELL_AUTO_BACKGROUND_AFTER_MS };
}
