import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retry } from '../../src/expect/index.js';
import type { RetryContext } from '../../src/expect/index.js';

/** A fake clock: sleeping moves time forward and records the delay. */
function fakeClock() {
  let now = 1000;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      slept.push(ms);
      now += ms;
    },
    tick: (ms: number) => {
      now += ms;
    },
  };
}

describe('backoffDelayMs', () => {
  it.each([
    [1, { backoffMs: 100, factor: 2, maxBackoffMs: 10_000, jitter: 0 }, 0.5, 100],
    [2, { backoffMs: 100, factor: 2, maxBackoffMs: 10_000, jitter: 0 }, 0.5, 200],
    [4, { backoffMs: 100, factor: 3, maxBackoffMs: 10_000, jitter: 0 }, 0.5, 2700],
    [10, { backoffMs: 100, factor: 2, maxBackoffMs: 5000, jitter: 0 }, 0.5, 5000],
    [1, { backoffMs: 1000, factor: 2, maxBackoffMs: 5000, jitter: 0.2 }, 0.5, 900],
    [10, { backoffMs: 1000, factor: 2, maxBackoffMs: 5000, jitter: 1 }, 0.99, 50],
  ])('waits before retry %i with %j (random %d) for %i ms', (n, shape, random, ms) => {
    expect(backoffDelayMs(n, shape, () => random)).toBe(ms);
  });
});

describe('retry', () => {
  it('retries a throwing function with exponential backoff and returns its value', async () => {
    const clock = fakeClock();
    const seen: RetryContext<string>[] = [];
    const value = await retry(
      ({ attempt }) => {
        clock.tick(5);
        if (attempt < 3) throw new Error(`boom ${attempt}`);
        return 'done';
      },
      {
        retries: 5,
        backoffMs: 100,
        jitter: 0,
        now: clock.now,
        sleep: clock.sleep,
        onFailedAttempt: (context) => void seen.push(context),
      },
    );
    expect(value).toBe('done');
    expect(clock.slept).toEqual([100, 200]);
    expect(seen.map(({ attempt, retriesLeft, failed, elapsedMs }) => ({ attempt, retriesLeft, failed, elapsedMs }))).toEqual([
      { attempt: 1, retriesLeft: 5, failed: true, elapsedMs: 5 },
      { attempt: 2, retriesLeft: 4, failed: true, elapsedMs: 110 },
    ]);
    expect((seen[0]?.error as Error).message).toBe('boom 1');
  });

  it('passes a frozen context to its callbacks', async () => {
    const clock = fakeClock();
    let context: RetryContext<number> | undefined;
    await retry(() => 1, { retries: 0, now: clock.now, sleep: clock.sleep, shouldRetry: (c) => ((context = c), false) });
    expect(Object.isFrozen(context)).toBe(true);
    expect(() => {
      (context as { attempt: number }).attempt = 9;
    }).toThrow(TypeError);
  });

  it('rejects with the last error when the retries run out', async () => {
    const clock = fakeClock();
    let calls = 0;
    await expect(
      retry(
        () => {
          calls++;
          throw new Error(`fail ${calls}`);
        },
        { retries: 2, backoffMs: 10, factor: 3, jitter: 0, now: clock.now, sleep: clock.sleep },
      ),
    ).rejects.toThrow('fail 3');
    expect(clock.slept).toEqual([10, 30]);
  });

  it('retries a returned value that shouldRetry rejects, and returns the last one when out of retries', async () => {
    const clock = fakeClock();
    let n = 0;
    const failedAttempts: number[] = [];
    const value = await retry(() => ++n, {
      retries: 3,
      jitter: 0,
      backoffMs: 1,
      now: clock.now,
      sleep: clock.sleep,
      shouldRetry: (context) => context.failed || (context.value ?? 0) < 10,
      onFailedAttempt: (context) => void failedAttempts.push(context.attempt),
    });
    expect(value).toBe(4);
    expect(failedAttempts).toEqual([1, 2, 3, 4]);
  });

  it('stops retrying an error that shouldRetry declines', async () => {
    const clock = fakeClock();
    let calls = 0;
    const fatal = new TypeError('bad input');
    await expect(
      retry(
        () => {
          calls++;
          throw fatal;
        },
        { retries: 5, now: clock.now, sleep: clock.sleep, shouldRetry: (c) => !(c.error instanceof TypeError) },
      ),
    ).rejects.toBe(fatal);
    expect(calls).toBe(1);
  });

  it('stops between attempts when the signal aborts, with the signal reason', async () => {
    const controller = new AbortController();
    let calls = 0;
    const reason = new Error('stop');
    await expect(
      retry(
        () => {
          calls++;
          controller.abort(reason);
          throw new Error('flaky');
        },
        { retries: 5, backoffMs: 60_000, signal: controller.signal },
      ),
    ).rejects.toBe(reason);
    expect(calls).toBe(1);
  });

  it('cuts a real wait short when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(
      retry(() => Promise.reject(new Error('x')), { retries: 1, backoffMs: 60_000, signal: controller.signal }),
    ).rejects.toThrow('cancelled');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.each([
    [{ retries: -1 }, 'Expected `retries` to be an integer from 0 to 1000, got `-1` (number)'],
    [{ factor: 0.5 }, 'Expected `factor` to be a number from 1 to 100, got `0.5` (number)'],
    [{ jitter: 2 }, 'Expected `jitter` to be a number from 0 to 1, got `2` (number)'],
    [{ shouldRetry: true }, 'Expected `shouldRetry` to be a function, got `true` (boolean)'],
    [{ signal: {} }, 'Expected `signal` to be an AbortSignal, got `{}` (object)'],
    [
      { retry: 3 },
      'Unknown option `retry`; expected one of: retries, backoffMs, factor, maxBackoffMs, jitter, shouldRetry, onFailedAttempt, signal, now, sleep, random',
    ],
  ])('rejects options %j', async (options, message) => {
    await expect(retry(() => 1, options as never)).rejects.toThrow(new TypeError(message));
  });
});
