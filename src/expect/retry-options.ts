import type { BackoffShape } from './backoff.js';
import { invalid, optionalInteger, readOptionsObject } from '../validate.js';

/** Options of the generic `retry()` (p-retry 7 is the model; `run()`'s own are {@link RunRetryOptions}). */
export interface RetryOptions<T = unknown> {
  /** Retries after the first attempt. @defaultValue 3 */
  retries?: number;
  /** Delay before the first retry, in ms. @defaultValue 1000 */
  backoffMs?: number;
  /** Each further retry waits this many times longer. @defaultValue 2 */
  factor?: number;
  /** Cap on any one delay, in ms. @defaultValue 30000 */
  maxBackoffMs?: number;
  /** Fraction (0–1) of each delay taken off at random. @defaultValue 0.2 */
  jitter?: number;
  /** Whether to retry after this attempt. Sees values too, so a result can be retried. @defaultValue retry when the attempt threw */
  shouldRetry?: (context: {
    /** 1 for the first attempt. */
    readonly attempt: number;
    /** Retries still allowed after this attempt. */
    readonly retriesLeft: number;
    /** The attempt threw. */
    readonly failed: boolean;
    /** What it threw, when `failed`. */
    readonly error?: unknown;
    /** What it returned, when not `failed`. */
    readonly value?: T;
    /** Time since the first attempt started, by `now`. */
    readonly elapsedMs: number;
  }) => boolean | Promise<boolean>;
  /** Called after each attempt that threw or that `shouldRetry` wants retried, before the wait; sees what `shouldRetry` sees. */
  onFailedAttempt?: (context: Parameters<NonNullable<RetryOptions<T>['shouldRetry']>>[0]) => void | Promise<void>;
  /** Stops the loop between attempts (the wait is cut short); `retry` then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Clock for `elapsedMs`. @defaultValue Date.now */
  now?: () => number;
  /** Waits `ms`; rejects when `signal` aborts. @defaultValue a timer */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Source of randomness for the jitter, in [0, 1). @defaultValue Math.random */
  random?: () => number;
}

/** What the callbacks of `retry` see after an attempt (frozen): `attempt`, `retriesLeft`, `failed`, `error`, `value`, `elapsedMs`. */
export type RetryContext<T> = Parameters<NonNullable<RetryOptions<T>['shouldRetry']>>[0];

export interface NormalizedRetryCallOptions<T> extends BackoffShape {
  retries: number;
  shouldRetry: (context: RetryContext<T>) => boolean | Promise<boolean>;
  onFailedAttempt?: (context: RetryContext<T>) => void | Promise<void>;
  signal?: AbortSignal;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

const keys = [
  'retries',
  'backoffMs',
  'factor',
  'maxBackoffMs',
  'jitter',
  'shouldRetry',
  'onFailedAttempt',
  'signal',
  'now',
  'sleep',
  'random',
];

function optionalFunction<F>(field: string, value: unknown): F | undefined {
  if (value !== undefined && typeof value !== 'function') throw invalid(field, 'a function', value);
  return value as F | undefined;
}

function numberInRange(field: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw invalid(field, `a number from ${min} to ${max}`, value);
  return value;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function normalizeRetryCallOptions<T>(value: unknown): NormalizedRetryCallOptions<T> {
  const read = readOptionsObject('options', value, keys);
  if (read.signal !== undefined && !(read.signal instanceof AbortSignal)) throw invalid('signal', 'an AbortSignal', read.signal);
  const normalized: NormalizedRetryCallOptions<T> = {
    retries: optionalInteger('retries', read.retries, { min: 0, max: 1000 }) ?? 3,
    backoffMs: optionalInteger('backoffMs', read.backoffMs) ?? 1000,
    factor: numberInRange('factor', read.factor, 1, 100, 2),
    maxBackoffMs: optionalInteger('maxBackoffMs', read.maxBackoffMs) ?? 30_000,
    jitter: numberInRange('jitter', read.jitter, 0, 1, 0.2),
    shouldRetry:
      optionalFunction<NormalizedRetryCallOptions<T>['shouldRetry']>('shouldRetry', read.shouldRetry) ??
      ((context) => context.failed),
    now: optionalFunction<() => number>('now', read.now) ?? Date.now,
    sleep: optionalFunction<NormalizedRetryCallOptions<T>['sleep']>('sleep', read.sleep) ?? defaultSleep,
    random: optionalFunction<() => number>('random', read.random) ?? Math.random,
  };
  const onFailedAttempt = optionalFunction<NormalizedRetryCallOptions<T>['onFailedAttempt']>(
    'onFailedAttempt',
    read.onFailedAttempt,
  );
  if (onFailedAttempt !== undefined) normalized.onFailedAttempt = onFailedAttempt;
  if (read.signal !== undefined) normalized.signal = read.signal as AbortSignal;
  return normalized;
}
