/** The shape of an exponential backoff. */
export interface BackoffShape {
  /** Delay before the first retry, in ms. */
  backoffMs: number;
  /** Each further retry waits this many times longer. */
  factor: number;
  /** No delay is longer than this, in ms. */
  maxBackoffMs: number;
  /** Fraction (0–1) of each delay taken off at random, so many clients do not retry in step. */
  jitter: number;
}

/**
 * The delay before retry number `retry` (1 for the first retry): `backoffMs × factor^(retry − 1)`,
 * capped at `maxBackoffMs`, then shortened by up to `jitter` of itself. `random` returns [0, 1).
 */
export function backoffDelayMs(retry: number, shape: BackoffShape, random: () => number = Math.random): number {
  const raw = Math.min(shape.backoffMs * shape.factor ** Math.max(0, retry - 1), shape.maxBackoffMs);
  return Math.round(raw * (1 - shape.jitter * random()));
}
