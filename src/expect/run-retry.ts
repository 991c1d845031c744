import type { BackoffShape } from './backoff.js';
import { defaultSleep } from './retry-options.js';
import { retry } from './retry.js';
import type { ExitStatus } from '../exit/types.js';
import { invalid, optionalBoolean, optionalInteger, optionalIntegerArray } from '../validate.js';

/** The retry fields of `run()`'s options (the generic `retry()` takes {@link RetryOptions}). */
export interface RunRetryOptions {
  /** Attempts after the first one, when it fails. @defaultValue 0 */
  retries?: number;
  /**
   * Exit codes that call for another attempt. @defaultValue any non-zero exit (`grep -q ready log` and `[ -f done ]`
   * retry while they answer "not yet", though their exit 1 reads as ok), a timeout or a signal
   */
  retryOnExit?: number | readonly number[];
  /** Wait before the first retry, in ms; doubled for each further one, with jitter. @defaultValue 1000 */
  backoffMs?: number;
  /** Cap on any one wait, in ms. @defaultValue 30000 */
  maxBackoffMs?: number;
  /** Also retry when the command was ok but its expectations failed. @defaultValue false */
  retryOnAssertFail?: boolean;
}

/** The keys of {@link RunRetryOptions}, for an options reader that rejects unknown keys. */
export const retryOptionKeys: readonly string[] = ['retries', 'retryOnExit', 'backoffMs', 'maxBackoffMs', 'retryOnAssertFail'];

export interface NormalizedRetryOptions extends BackoffShape {
  retries: number;
  retryOnExit?: readonly number[];
  retryOnAssertFail: boolean;
}

/** What a retry decision needs from an attempt's result. */
export interface RetryableOutcome {
  status: ExitStatus;
  exit: number | null;
  assertOk?: boolean;
}

/** Validates the retry fields of an options object (other fields are left to their owner). */
export function normalizeRetryOptions(options: RunRetryOptions = {}): NormalizedRetryOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'a plain object', options);
  const codes = typeof options.retryOnExit === 'number' ? [options.retryOnExit] : options.retryOnExit;
  const retryOnExit = optionalIntegerArray('retryOnExit', codes, { min: 0, max: 255 });
  const normalized: NormalizedRetryOptions = {
    retries: optionalInteger('retries', options.retries, { min: 0, max: 100 }) ?? 0,
    backoffMs: optionalInteger('backoffMs', options.backoffMs, { min: 0, max: 3_600_000 }) ?? 1000,
    maxBackoffMs: optionalInteger('maxBackoffMs', options.maxBackoffMs, { min: 0, max: 3_600_000 }) ?? 30_000,
    retryOnAssertFail: optionalBoolean('retryOnAssertFail', options.retryOnAssertFail) ?? false,
    factor: 2,
    jitter: 0.2,
  };
  if (retryOnExit !== undefined) normalized.retryOnExit = retryOnExit;
  return normalized;
}

/**
 * Whether an attempt calls for another one (the count of attempts is the caller's):
 * a listed exit code (or, with no list, any non-zero exit, a timeout or a signal: retrying is for "not yet", so grep's
 * and test's exit 1 calls for one though it reads as ok), or failed expectations with `retryOnAssertFail`.
 */
export function shouldRetryRun(outcome: RetryableOutcome, options: NormalizedRetryOptions): boolean {
  const exitCalls =
    options.retryOnExit === undefined
      ? outcome.exit !== 0 || outcome.status !== 'ok'
      : outcome.exit !== null && options.retryOnExit.includes(outcome.exit);
  return exitCalls || (options.retryOnAssertFail && outcome.assertOk === false);
}

export interface RetryRunControl {
  /** Stops the loop between attempts; the last attempt is returned, not thrown. */
  signal?: AbortSignal;
  /** @defaultValue a timer */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** @defaultValue Math.random */
  random?: () => number;
}

export interface RetryRunOutcome<R> {
  /** The last attempt's result. */
  last: R;
  /** Every attempt's result, in order (the last one included). */
  attempts: R[];
  /** The signal stopped the loop before the retries ran out. */
  aborted: boolean;
}

/**
 * Runs attempts until one needs no retry, the retries run out, or the signal aborts; never throws
 * for a failed attempt. `attempt` is 1-based.
 */
export async function retryRun<R extends RetryableOutcome>(
  attempt: (n: number) => Promise<R>,
  options: NormalizedRetryOptions,
  control: RetryRunControl = {},
): Promise<RetryRunOutcome<R>> {
  if (options.retries === 0) {
    // One attempt, nothing to decide (what retry() would do, without its options and contexts each run).
    const last = await attempt(1);
    return { last, attempts: [last], aborted: false };
  }
  const sleep = control.sleep ?? defaultSleep;
  const { signal } = control;
  const attempts: R[] = [];
  // The signal is not retry()'s: the first attempt always runs, and an abort ends the loop with the last attempt.
  const waitUnlessAborted = async (ms: number): Promise<void> => {
    signal?.throwIfAborted();
    await sleep(ms, signal);
    signal?.throwIfAborted();
  };
  try {
    const last = await retry(
      async ({ attempt: n }) => {
        const result = await attempt(n);
        attempts.push(result);
        return result;
      },
      {
        retries: options.retries,
        backoffMs: options.backoffMs,
        factor: options.factor,
        maxBackoffMs: options.maxBackoffMs,
        jitter: options.jitter,
        shouldRetry: (context) => !context.failed && shouldRetryRun(context.value!, options),
        sleep: waitUnlessAborted,
        ...(control.random ? { random: control.random } : {}),
      },
    );
    return { last, attempts, aborted: false };
  } catch (error) {
    if (signal?.aborted && attempts.length > 0) return { last: attempts.at(-1)!, attempts, aborted: true };
    throw error;
  }
}
