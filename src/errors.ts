/** Every failure tersh reports by exception carries one of these codes. */
export type TershErrorCode = TershError['code'];

const brand = Symbol.for('tersh.error');

/**
 * The one error class tersh throws for operational failures. Misuse (bad options) throws a `TypeError` instead.
 */
export class TershError extends Error {
  /**
   * What went wrong, as a stable string to branch on (`RECORD_NOT_FOUND`, `JOB_LIMIT`…). What happens *during* a run
   * (non-zero exit, timeout, a blocked command) is data in the result, not an error.
   */
  readonly code:
    | 'RECORD_NOT_FOUND'
    | 'RECORD_EXPIRED'
    | 'STORE_IO'
    | 'SPAWN_FAILED'
    | 'SHELL_UNAVAILABLE'
    | 'SHELL_CLOSED'
    | 'SANDBOX_UNAVAILABLE'
    | 'SANDBOX_BYPASS_DENIED'
    | 'JOB_NOT_FOUND'
    | 'JOB_LIMIT'
    | 'JOB_NOT_WRITABLE'
    | 'CHECKPOINT_NOT_FOUND'
    | 'CHECKPOINT_EXISTS'
    | 'CHECKPOINT_TARGET_MISMATCH'
    | 'CHECKPOINT_TOO_LARGE'
    | 'CHECKPOINT_ORIGIN_INVALID'
    | 'CHECKPOINT_TARGET_CHANGED'
    | 'PARSER_UNAVAILABLE'
    | 'WEB_SEARCH_FAILED'
    | 'ABORTED'
    | 'PTY_UNAVAILABLE'
    | 'PTY_NOT_FOUND'
    | 'PTY_LIMIT'
    | 'PTY_BUSY'
    | 'PTY_CLOSED'
    | 'PTY_BLOCKED'
    | 'EXECUTOR_UNAVAILABLE'
    | 'EXECUTOR_UNSUPPORTED'
    | 'EXECUTOR_CLOSED'
    | 'SSH_CONNECT_FAILED'
    | 'SSH_AUTH_FAILED'
    | 'SSH_HOST_KEY_CHANGED'
    | 'SSH_HOST_KEY_UNKNOWN';
  /** Extra machine-readable facts (the record id, the missing binary…). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: TershError['code'], message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TershError';
    this.code = code;
    this.details = Object.freeze({ ...options.details });
    Object.defineProperty(this, brand, { value: true });
  }
}

/**
 * True for a {@link TershError}, even one thrown by another bundled copy of tersh.
 */
export function isTershError(value: unknown): value is TershError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
