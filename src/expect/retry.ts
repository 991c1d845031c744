import { backoffDelayMs } from './backoff.js';
import { normalizeRetryCallOptions } from './retry-options.js';
import type { RetryContext, RetryOptions } from './retry-options.js';

/**
 * Calls `fn` until it succeeds or the retries run out, waiting with exponential backoff between
 * attempts. Rejects with the last error; resolves with the last value even when `shouldRetry`
 * wanted another attempt and none was left. Callbacks get a frozen context.
 */
export async function retry<T>(
  fn: (context: { readonly attempt: number }) => T | Promise<T>,
  options?: RetryOptions<T>,
): Promise<T> {
  if (typeof fn !== 'function') throw new TypeError(`Expected \`fn\` to be a function, got ${typeof fn}`);
  const opts = normalizeRetryCallOptions<T>(options);
  const start = opts.now();
  for (let attempt = 1; ; attempt++) {
    opts.signal?.throwIfAborted();
    const retriesLeft = opts.retries - attempt + 1;
    let context: RetryContext<T>;
    try {
      const value = await fn(Object.freeze({ attempt }));
      context = Object.freeze({ attempt, retriesLeft, failed: false, value, elapsedMs: opts.now() - start });
    } catch (error) {
      context = Object.freeze({ attempt, retriesLeft, failed: true, error, elapsedMs: opts.now() - start });
    }
    const wantsRetry = await opts.shouldRetry(context);
    if (context.failed || wantsRetry) await opts.onFailedAttempt?.(context);
    if (!wantsRetry || retriesLeft === 0) {
      if (context.failed) throw context.error;
      return context.value as T;
    }
    await opts.sleep(backoffDelayMs(attempt, opts, opts.random), opts.signal);
  }
}
