import { statSync } from 'node:fs';
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
import { isJobHost, type JobAdopter, type JobHost } from '../jobs/job-host.js';
import type { LiveOutputCallbacks, OutputStreamName } from './live-output.js';
import type { Policy, PolicyOptions } from '../plan/index.js';
import { normalizePolicy } from './run-policy.js';
import { normalizeSandboxOptions, type NormalizedSandboxOptions, type SandboxOptions } from '../sandbox/index.js';
import type { Executor } from '../executor/types.js';
import { isExecutor } from './run-target.js';
import { normalizeExitRules, type ExitRule } from '../exit/index.js';
import {
  normalizeExpectations,
  normalizeRetryOptions,
  retryOptionKeys,
  type Expectations,
  type NormalizedExpectations,
  type NormalizedRetryOptions,
  type RunRetryOptions,
} from '../expect/index.js';
import type { ResolvedCommand } from './resolve-command.js';

/** Options of {@link run}. Every field is validated (a bad one is a `TypeError` naming it); all are optional. */
export interface RunOptions extends RunRetryOptions {
  /** Working directory; must exist. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Variables added to the child's environment (they win over the inherited and non-interactive ones). */
  env?: Record<string, string>;
  /**
   * Kill the whole process group this long after the start (time after a promotion to a job included). Up to
   * `maxTimeoutMs` in the foreground, up to 3600000 for a run that can become a job (`background`, or
   * `autoBackgroundAfterMs` above 0). `0`: no deadline of its own, with promotion on (at 30 s unless
   * `autoBackgroundAfterMs` says otherwise): the job then lives as long as the job manager's `defaultLifetimeMs`.
   * @defaultValue 120000
   */
  timeoutMs?: number;
  /** The foreground cap: the highest `timeoutMs` of a run that cannot become a job, and the latest a promoted run is promoted. @defaultValue 600000 */
  maxTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when killing. @defaultValue 2000 */
  killGraceMs?: number;
  /** Cancels the run: the whole group is killed and the result says `canceled`. */
  signal?: AbortSignal;
  /** Called every `progressIntervalMs` while a foreground run goes on (never for a run that ends sooner). */
  onProgress?: (progress: RunProgress) => void;
  /** How often `onProgress` is called. @defaultValue 2000 */
  progressIntervalMs?: number;
  /** Called with each piece of stdout as it arrives, decoded (a character split across chunks waits until it is whole). Foreground runs only. */
  onStdout?: (chunk: string) => void;
  /** Called with each piece of stderr as it arrives, decoded. Foreground runs only. */
  onStderr?: (chunk: string) => void;
  /**
   * Called with each complete line of either stream (without its `\n` or `\r\n`), whatever the chunking; an
   * unterminated last line comes when the run ends. A callback that throws is not called again and the result
   * says so in `callbackError`; the run goes on. Foreground runs only.
   */
  onLine?: (line: string, stream: OutputStreamName) => void;
  /** Written to the child's stdin, which is then closed. Without it stdin reads /dev/null. */
  input?: string | Uint8Array;
  /** Encoding of the output when it is not UTF-8 (any name iconv-lite knows). @defaultValue a UTF-8 check, then windows-1252 */
  encoding?: string;
  /** Where the record goes. @defaultValue a store in `$TMPDIR/tersh-<uid>/records` */
  store?: RecordStore;
  /** Return the streams uncondensed (still capped by `inlineMaxBytes`). @defaultValue false */
  full?: boolean;
  /** Cap of each inline stream view, in bytes. @defaultValue 262144 */
  inlineMaxBytes?: number;
  /** Bytes of each stream's tail held in memory. @defaultValue 4194304 */
  ringBytes?: number;
  /** `true` forces a shell, `false` forbids one; or name the shell. @defaultValue chosen by the command's syntax */
  shell?: boolean | 'bash' | 'sh' | 'powershell' | 'cmd';
  /** Make bash report the status of the first failing pipeline segment. @defaultValue false */
  pipefail?: boolean;
  /** Run a bare `sleep N` (N ≥ 2) instead of refusing it. @defaultValue false */
  allowIdleSleep?: boolean;
  /**
   * Put `node_modules/.bin` of the cwd and of its parents ahead of `PATH` (tinyexec's meaning), so a project's
   * `tsc` or `vitest` is found. Off by default: those folders hold whatever a repository's dependencies install,
   * and ahead of `PATH` any of them would shadow `git`, `ls` or `node` for every command. @defaultValue false
   */
  preferLocal?: boolean;
  /**
   * Let the run outlive the host and its shell: it is not killed when the host exits or dies, nor by
   * `shell.close()`, and processes it leaves behind are reported in `hint` but not stopped. A timeout or
   * `signal` still kills it. @defaultValue false
   */
  detached?: boolean;
  /** Start as a background job and return at once with `jobId`. @defaultValue false */
  background?: boolean;
  /**
   * Promote a foreground run still going after this long (at the latest at `maxTimeoutMs`) to a background job;
   * `0` keeps it in the foreground. @defaultValue never for `run()`; 30000 in a shell (see `createShell`)
   */
  autoBackgroundAfterMs?: number;
  /** `pipe` keeps a background job's stdin open for `jobs.write()`. @defaultValue 'ignore' (reads /dev/null) */
  stdin?: 'ignore' | 'pipe';
  /**
   * How the process starts: `direct` forks the host (its cost grows with the host's memory, and blocks its event
   * loop meanwhile), `warm` asks a helper process started once (Linux; elsewhere `direct`), `auto` picks `warm`
   * once the host holds more than 64 MB of forkable memory. @defaultValue 'direct' (the `TERSH_SPAWNER` environment variable overrides)
   */
  spawner?: 'direct' | 'warm' | 'auto';
  /** The job manager that takes background jobs. @defaultValue a job manager per process */
  jobs?: JobHost;
  /** Post-conditions checked in the same call; the result says `assertOk` and `assertionsFailed`. */
  expect?: Expectations;
  /** More exit-code rules, tried before the built-in ones. @defaultValue [] */
  exitRules?: readonly ExitRule[];
  /** `smart` condenses the views to the token budget; `lossless` only normalises them. @defaultValue 'smart' */
  condense?: 'smart' | 'lossless';
  /** Token budget of the condensed views (both streams together). @defaultValue 2000 */
  budgetTokens?: number;
  /** Allow/deny rules: a denied command is not run and the result says `blocked`. @defaultValue none (warnings only) */
  policy?: Policy | PolicyOptions;
  /**
   * Real OS confinement (bubblewrap on Linux, sandbox-exec on macOS): `true` confines writes to the cwd and a
   * private temp dir. Where no sandbox works, run() throws TershError `SANDBOX_UNAVAILABLE` rather than run unconfined.
   * @defaultValue false
   */
  sandbox?: boolean | SandboxOptions;
  /** What the command is for, in a few words (Claude Code's Bash `description`); kept in the record's meta. */
  description?: string;
  /** Trace file, process and network syscalls with strace into the record and summarise them (`traceSummary`). @defaultValue false */
  trace?: boolean;
  /**
   * Where the command runs: a container (`dockerExecutor()`), a machine over SSH, or this host (`localExecutor()`).
   * `cwd` is then a path in the target (its own working directory when omitted) and the environment starts from
   * the target's; the record, condensing, classification and jobs stay on the host. @defaultValue this host
   */
  executor?: Executor;
}

/**
 * How far a running command has got, for {@link RunOptions.onProgress}.
 */
export interface RunProgress {
  /** Milliseconds since this attempt started. */
  elapsedMs: number;
  /** Lines written so far to stdout (an unterminated last line counts). */
  stdoutLines: number;
  /** Lines written so far to stderr. */
  stderrLines: number;
}

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
  executor: Executor | undefined;
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

const DEFAULT_SPAWNER: SpawnerChoice = 'direct';

function pickRetry(raw: Record<string, unknown>): RunRetryOptions {
  const picked: Record<string, unknown> = {};
  for (const key of retryOptionKeys) if (raw[key] !== undefined) picked[key] = raw[key];
  return picked as RunRetryOptions;
}
export function normalizeRunOptions(options: unknown, extraKeys: readonly string[] = []): NormalizedRunOptions {
  const raw = readOptionsObject('options', options, [...RUN_OPTION_KEYS, ...extraKeys]);
  const background = optionalBoolean('background', raw.background) ?? false;
  const { timeoutMs, autoBackgroundAfterMs, unlimited } = normalizeDeadlines(raw, background);
  if (raw.executor !== undefined && !isExecutor(raw.executor))
    throw invalid('executor', 'an executor (from dockerExecutor(), localExecutor()…)', raw.executor);
  const executor = raw.executor as Executor | undefined;
  const givenCwd = optionalString('cwd', raw.cwd, { nonEmpty: true });
  // Over an executor the cwd is a path in the target, checked there (bindToTarget).
  const cwd = executor ? (givenCwd ?? '') : resolve(givenCwd ?? process.cwd());
  if (!executor && !statSync(cwd, { throwIfNoEntry: false })?.isDirectory())
    throw invalid('cwd', 'an existing directory', raw.cwd ?? cwd);
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
    spawner: optionalOneOf('spawner', raw.spawner, SPAWNER_CHOICES) ?? defaultSpawner(DEFAULT_SPAWNER),
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
