import { constants } from 'node:os';
import { TershError } from '../errors.js';
import { newRecordId } from '../store/ids.js';
import { invalid, optionalBoolean, optionalInteger, readOptionsObject, requiredString } from '../validate.js';
import type { JobLogsOptions, JobManagerOptions } from './types.js';

export interface NormalizedManagerOptions {
  maxJobs: number;
  defaultLifetimeMs: number;
  maxWaitMs: number;
}

const MAX_LIFETIME_MS = 24 * 3_600_000;

export function normalizeManagerOptions(options: JobManagerOptions | undefined): NormalizedManagerOptions {
  const raw = readOptionsObject('options', options, ['maxJobs', 'defaultLifetimeMs', 'maxWaitMs']);
  return {
    maxJobs: optionalInteger('maxJobs', raw.maxJobs, { min: 1, max: 1024 }) ?? 16,
    defaultLifetimeMs: optionalInteger('defaultLifetimeMs', raw.defaultLifetimeMs, { min: 1, max: MAX_LIFETIME_MS }) ?? 3_600_000,
    maxWaitMs: optionalInteger('maxWaitMs', raw.maxWaitMs, { max: 600_000 }) ?? 45_000,
  };
}

export interface NormalizedLogsOptions {
  stdoutOffset: number;
  stderrOffset: number;
  waitUntilExit: boolean;
  waitMs: number;
  maxBytes: number;
}

export function normalizeLogsOptions(options: JobLogsOptions | undefined, maxWaitMs: number): NormalizedLogsOptions {
  const raw = readOptionsObject('options', options, ['stdoutOffset', 'stderrOffset', 'waitUntilExit', 'waitMs', 'maxBytes']);
  const waitUntilExit = optionalBoolean('waitUntilExit', raw.waitUntilExit) ?? false;
  const waitMs = optionalInteger('waitMs', raw.waitMs) ?? (waitUntilExit ? maxWaitMs : 0);
  return {
    stdoutOffset: optionalInteger('stdoutOffset', raw.stdoutOffset) ?? 0,
    stderrOffset: optionalInteger('stderrOffset', raw.stderrOffset) ?? 0,
    waitUntilExit,
    waitMs: Math.min(waitMs, maxWaitMs),
    maxBytes: optionalInteger('maxBytes', raw.maxBytes, { min: 16, max: 64 * 1024 * 1024 }) ?? 64 * 1024,
  };
}

export function validateJobId(jobId: unknown): string {
  return requiredString('jobId', jobId, { nonEmpty: true, maxLength: 64 });
}

export function validateSignal(signal: unknown): NodeJS.Signals {
  const name = requiredString('signal', signal, { nonEmpty: true });
  if (!Object.hasOwn(constants.signals, name)) throw invalid('signal', "a signal name such as 'SIGTERM' or 'SIGINT'", signal);
  return name as NodeJS.Signals;
}

export function jobNotFound(jobId: string): TershError {
  return new TershError(
    'JOB_NOT_FOUND',
    `No job "${jobId}" in this job manager: job ids belong to the process that started them, and finished jobs are forgotten after a while (their record stays readable).`,
    { details: { jobId } },
  );
}

/** A job id unique across processes and restarts, as record ids are (`jmf3k2j1a9c1f`). */
export function newJobId(): string {
  return `j${newRecordId().slice(1)}`;
}
