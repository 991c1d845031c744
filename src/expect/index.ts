export { backoffDelayMs } from './backoff.js';
export type { BackoffShape } from './backoff.js';
export { checkExpectations } from './check-expectations.js';
export type {
  CheckExpectationsOptions,
  ExpectationReport,
  ExpectationSubject,
  SnapshotCheckOptions,
} from './check-expectations.js';
export { normalizeExpectations } from './expectations.js';
export type { Expectations, NormalizedExpectations } from './expectations.js';
export { diffGitStates, snapshotGitState } from './git-state.js';
export type { GitSnapshot } from './git-state.js';
export { retry } from './retry.js';
export type { RetryContext, RetryOptions } from './retry-options.js';
export { normalizeRetryOptions, retryOptionKeys, retryRun, shouldRetryRun } from './run-retry.js';
export type { NormalizedRetryOptions, RunRetryOptions, RetryRunControl, RetryRunOutcome, RetryableOutcome } from './run-retry.js';
