import { optionalInteger } from '../validate.js';

/** The foreground cap: the longest a caller waits on one run that cannot become a job. */
export const MAX_FOREGROUND_MS = 600_000;
/** The longest `timeoutMs` of a run that can become a job (the seeds' 1 h). */
export const MAX_JOB_TIMEOUT_MS = 3_600_000;
/** Where `timeoutMs: 0` turns promotion on when the caller set no `autoBackgroundAfterMs` (seed 001's 30 s). */
export const DEFAULT_PROMOTION_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 120_000;

export interface Deadlines {
  timeoutMs: number;
  /** Undefined: the run stays in the foreground. */
  autoBackgroundAfterMs: number | undefined;
  /** `timeoutMs: 0`: the deadline is the job manager's lifetime. */
  unlimited: boolean;
}

/**
 * `timeoutMs` and `autoBackgroundAfterMs` read together (seeds 001 and 003): a run that can become a job may
 * last up to an hour and is promoted at the latest at the foreground cap; `timeoutMs: 0` is no deadline of its
 * own, with promotion on; `autoBackgroundAfterMs: 0` keeps the run in the foreground, within the foreground cap.
 */
export function normalizeDeadlines(raw: Record<string, unknown>, background: boolean): Deadlines {
  const maxTimeoutMs = optionalInteger('maxTimeoutMs', raw.maxTimeoutMs, { min: 1 });
  const foregroundCap = maxTimeoutMs ?? MAX_FOREGROUND_MS;
  const promotionGiven = optionalInteger('autoBackgroundAfterMs', raw.autoBackgroundAfterMs, { min: 0 });
  const unlimited = raw.timeoutMs === 0;
  if (unlimited && promotionGiven === 0 && !background) {
    throw new TypeError(
      'Expected `timeoutMs` to be at least 1 with `autoBackgroundAfterMs: 0`: a run without a deadline must be able to become a background job',
    );
  }
  const promotion = promotionGiven === 0 ? undefined : (promotionGiven ?? (unlimited ? DEFAULT_PROMOTION_MS : undefined));
  const canBecomeJob = background || promotion !== undefined;
  const cap = canBecomeJob ? Math.max(MAX_JOB_TIMEOUT_MS, foregroundCap) : foregroundCap;
  const timeoutMs = unlimited
    ? cap
    : (optionalInteger('timeoutMs', raw.timeoutMs, { min: canBecomeJob ? 0 : 1, max: cap }) ?? Math.min(DEFAULT_TIMEOUT_MS, cap));
  return {
    timeoutMs,
    autoBackgroundAfterMs: promotion === undefined || background ? promotion : Math.min(promotion, foregroundCap),
    unlimited,
  };
}
