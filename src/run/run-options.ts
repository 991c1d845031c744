import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isRecordStore, type RecordStore } from '../store/index.js';
import {
  invalid,
  optionalBoolean,
  optionalInteger,
  optionalOneOf,
  optionalString,
  optionalEnvRecord,
  readOptionsObject,
} from '../validate.js';
import { defaultSpawner, SPAWNER_CHOICES, type SpawnerChoice } from '../process/warm/spawner-choice.js';
import { isKnownEncoding } from './decode.js';
import { normalizeDeadlines } from './deadlines.js';
import { isJobHost, type JobAdopter } from '../jobs/job-host.js';
import type { LiveOutputCallbacks } from './live-output.js';
import type { Policy } from '../plan/index.js';
import { normalizePolicy } from './run-policy.js';
import { normalizeSandboxOptions, type NormalizedSandboxOptions } from '../sandbox/index.js';
import type { ExecutorTarget } from '../executor/types.js';
import { isExecutor } from './run-target.js';
import { normalizeExitRules, type ExitRule } from '../exit/index.js';
import {
  normalizeExpectations,
  normalizeRetryOptions,
  retryOptionKeys,
  type NormalizedExpectations,
  type NormalizedRetryOptions,
  type RunRetryOptions,
} from '../expect/index.js';
import type { ResolvedCommand } from './resolve-command.js';

import type { RunProgress } from './run-option-types.js';

export type { RunOptions, RunProgress } from './run-option-types.js';

export interface NormalizedRunOptions {
  /** Set by run() for a command given as an argument array: executed as it is, never through a shell. */
  argv?: string[];
  /** How the command runs, when the caller (the shell facade) already resolved it with these options. */
  resolved?: ResolvedCommand;
  cwd: string;
  env: Record<string, string> | undefined;
  timeoutMs: number;
  killGraceMs: number;
  signal: AbortSignal | undefined;
  onProgress: ((progress: RunProgress) => void) | undefined;
  progressIntervalMs: number;
  live: LiveOutputCallbacks;
  input: Buffer | undefined;
  encoding: string | undefined;
  store: RecordStore | undefined;
  full: boolean;
  inlineMaxBytes: number;
  ringBytes: number;
  shell: boolean | 'bash' | 'sh' | 'powershell' | 'cmd' | undefined;
  pipefail: boolean;
  allowIdleSleep: boolean;
  preferLocal: boolean;
  background: boolean;
  detached: boolean;
  autoBackgroundAfterMs: number | undefined;
  stdin: 'ignore' | 'pipe';
  spawner: SpawnerChoice;
  jobs: JobAdopter | undefined;
  /** True when the caller set `timeoutMs` (background jobs otherwise get the job lifetime). */
  timeoutGiven: boolean;
  /** `timeoutMs: 0`: the run's deadline is the job manager's lifetime. */
  unlimited: boolean;
  expect: NormalizedExpectations | undefined;
  exitRules: readonly ExitRule[] | undefined;
  condense: 'smart' | 'lossless';
  budgetTokens: number | undefined;
  retry: NormalizedRetryOptions;
  policy: Policy | undefined;
  sandbox: NormalizedSandboxOptions | undefined;
  trace: boolean;
  description: string | undefined;
  /** Where the command runs; `cwd` is then a path there, settled by bindToTarget() before the first attempt. */
  executor: ExecutorTarget | undefined;
}

export const RUN_OPTION_KEYS = [
  'cwd',
  'env',
  'timeoutMs',
  'maxTimeoutMs',
  'killGraceMs',
  'signal',
  'onProgress',
  'progressIntervalMs',
  'onStdout',
  'onStderr',
  'onLine',
  'input',
  'encoding',
  'store',
  'full',
  'inlineMaxBytes',
  'ringBytes',
  'shell',
  'pipefail',
  'allowIdleSleep',
  'preferLocal',
  'background',
  'detached',
  'autoBackgroundAfterMs',
  'stdin',
  'spawner',
  'jobs',
  'expect',
  'exitRules',
  'condense',
  'budgetTokens',
  'policy',
  'sandbox',
  'trace',
  'description',
  'executor',
  ...retryOptionKeys,
] as const;

function pickRetry(raw: Record<string, unknown>): RunRetryOptions {
  const picked: Record<string, unknown> = {};
  for (const key of retryOptionKeys) if (raw[key] !== undefined) picked[key] = raw[key];
  return picked as RunRetryOptions;
}
/**
 * The `executor` and the `cwd` it gives meaning to: on this host an existing directory (default `process.cwd()`);
 * over an executor a path in the target, checked there (bindToTarget), `''` until the target's own is read.
 */
export function normalizeExecutorCwd(raw: Record<string, unknown>): { executor: ExecutorTarget | undefined; cwd: string } {
  if (raw.executor !== undefined && !isExecutor(raw.executor))
    throw invalid('executor', 'an executor (from dockerExecutor(), localExecutor()…)', raw.executor);
  const executor = raw.executor as ExecutorTarget | undefined;
  const givenCwd = optionalString('cwd', raw.cwd, { nonEmpty: true });
  const cwd = executor ? (givenCwd ?? '') : resolve(givenCwd ?? process.cwd());
  if (!executor && !isDirectory(cwd)) throw invalid('cwd', 'an existing directory', raw.cwd ?? cwd);
  return { executor, cwd };
}

/**
 * An `access` of `path/` (a directory's only) answers most runs without the Stats object and its four Dates of a
 * `statSync`; what it refuses is asked again the old way, so that an EACCES on the way still throws as it did.
 */
function isDirectory(path: string): boolean {
  if (process.platform !== 'win32' && existsSync(`${path}/`)) return true;
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

export function normalizeRunOptions(options: unknown, extraKeys: readonly string[] = []): NormalizedRunOptions {
  const allowed = extraKeys.length === 0 ? RUN_OPTION_KEYS : [...RUN_OPTION_KEYS, ...extraKeys];
  const raw = readOptionsObject('options', options, allowed);
  const background = optionalBoolean('background', raw.background) ?? false;
  const { timeoutMs, autoBackgroundAfterMs, unlimited } = normalizeDeadlines(raw, background);
  const { executor, cwd } = normalizeExecutorCwd(raw);
  if (raw.signal !== undefined && !(raw.signal instanceof AbortSignal)) throw invalid('signal', 'an AbortSignal', raw.signal);
  if (raw.onProgress !== undefined && typeof raw.onProgress !== 'function')
    throw invalid('onProgress', 'a function', raw.onProgress);
  for (const name of ['onStdout', 'onStderr', 'onLine'] as const) {
    if (raw[name] !== undefined && typeof raw[name] !== 'function') throw invalid(name, 'a function', raw[name]);
  }
  if (raw.store !== undefined && !isRecordStore(raw.store))
    throw invalid('store', 'a RecordStore from createRecordStore()', raw.store);
  const input = raw.input;
  if (input !== undefined && typeof input !== 'string' && !(input instanceof Uint8Array))
    throw invalid('input', 'a string or a Uint8Array', input);
  const encoding = optionalString('encoding', raw.encoding, { nonEmpty: true });
  if (encoding !== undefined && !isKnownEncoding(encoding)) throw invalid('encoding', 'an encoding iconv-lite knows', encoding);
  if (raw.jobs !== undefined && !isJobHost(raw.jobs)) throw invalid('jobs', 'a job manager from createJobManager()', raw.jobs);
  const stdin = optionalOneOf('stdin', raw.stdin, ['ignore', 'pipe'] as const) ?? 'ignore';
  if (stdin === 'pipe' && !background) throw invalid('stdin', "'pipe' only together with `background: true`", raw.stdin);
  if (stdin === 'pipe' && input !== undefined) throw invalid('stdin', "'pipe' or `input`, not both", raw.stdin);
  const shell =
    typeof raw.shell === 'boolean' ? raw.shell : optionalOneOf('shell', raw.shell, ['bash', 'sh', 'powershell', 'cmd'] as const);
  refuseUncheckedJob(raw, background, autoBackgroundAfterMs);
  return {
    cwd,
    env: optionalEnvRecord('env', raw.env),
    timeoutMs,
    killGraceMs: optionalInteger('killGraceMs', raw.killGraceMs, { max: 60_000 }) ?? 2_000,
    signal: raw.signal as AbortSignal | undefined,
    onProgress: raw.onProgress as NormalizedRunOptions['onProgress'],
    progressIntervalMs: optionalInteger('progressIntervalMs', raw.progressIntervalMs, { min: 100, max: 3_600_000 }) ?? 2_000,
    live: {
      onStdout: raw.onStdout as LiveOutputCallbacks['onStdout'],
      onStderr: raw.onStderr as LiveOutputCallbacks['onStderr'],
      onLine: raw.onLine as LiveOutputCallbacks['onLine'],
    },
    input: input === undefined ? undefined : Buffer.from(input as string | Uint8Array),
    encoding,
    store: raw.store as RecordStore | undefined,
    full: optionalBoolean('full', raw.full) ?? false,
    inlineMaxBytes: optionalInteger('inlineMaxBytes', raw.inlineMaxBytes, { min: 1024, max: 64 * 1024 * 1024 }) ?? 256 * 1024,
    ringBytes: optionalInteger('ringBytes', raw.ringBytes, { min: 1024, max: 256 * 1024 * 1024 }) ?? 4 * 1024 * 1024,
    shell,
    pipefail: optionalBoolean('pipefail', raw.pipefail) ?? false,
    allowIdleSleep: optionalBoolean('allowIdleSleep', raw.allowIdleSleep) ?? false,
    preferLocal: optionalBoolean('preferLocal', raw.preferLocal) ?? false,
    background,
    detached: optionalBoolean('detached', raw.detached) ?? false,
    autoBackgroundAfterMs,
    stdin,
    spawner: optionalOneOf('spawner', raw.spawner, SPAWNER_CHOICES) ?? defaultSpawner(),
    jobs: raw.jobs as JobAdopter | undefined,
    timeoutGiven: raw.timeoutMs !== undefined,
    unlimited,
    expect: raw.expect === undefined ? undefined : normalizeExpectations(raw.expect, 'expect'),
    exitRules: raw.exitRules === undefined ? undefined : normalizeExitRules(raw.exitRules, 'exitRules'),
    condense: optionalOneOf('condense', raw.condense, ['smart', 'lossless'] as const) ?? 'smart',
    budgetTokens: optionalInteger('budgetTokens', raw.budgetTokens, { min: 50, max: 1_000_000 }),
    retry: normalizeRetryOptions(pickRetry(raw)),
    policy: normalizePolicy(raw.policy),
    sandbox: normalizeSandboxOptions(raw.sandbox, 'sandbox'),
    trace: optionalBoolean('trace', raw.trace) ?? false,
    description: optionalString('description', raw.description, { maxLength: 1000 }),
    executor,
  };
}

/**
 * Expectations and retries are checked when a run ends, in the same call: a job that goes on in the background
 * would leave them unchecked, so the combination is refused rather than silently dropped.
 */
function refuseUncheckedJob(raw: Record<string, unknown>, background: boolean, autoBackgroundAfterMs: number | undefined): void {
  const promoting = background
    ? 'background'
    : autoBackgroundAfterMs === undefined
      ? undefined
      : raw.autoBackgroundAfterMs !== undefined
        ? 'autoBackgroundAfterMs'
        : 'timeoutMs: 0';
  if (promoting === undefined) return;
  const unchecked = raw.expect !== undefined ? 'expect' : raw.retries !== undefined && raw.retries !== 0 ? 'retries' : undefined;
  if (unchecked === undefined) return;
  throw new TypeError(
    `Expected no \`${unchecked}\` together with \`${promoting}\`: a background job's ${unchecked === 'expect' ? 'expectations' : 'retries'} would go unchecked; run in the foreground, or wait for the job's logs and check them there`,
  );
}
