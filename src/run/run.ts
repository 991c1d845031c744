import { requiredString } from '../validate.js';
import { argvCommand } from './argv-command.js';
import { startRecord, type RecordWriter } from '../store/index.js';
import { runAttempt, type AttemptContext } from './attempt.js';
import { defaultRecordStore } from './default-store.js';
import { idleSleepRefusal } from './idle-sleep.js';
import { normalizeRunOptions, type NormalizedRunOptions, type RunOptions } from './run-options.js';
import type { RunResult } from '../result/run-result.js';
import { defaultJobHost } from './default-jobs.js';
import { applyExpectations, beforeExpectations } from './run-expectations.js';
import { retryRun } from '../expect/index.js';
import { screenCommand } from './run-policy.js';
import { bindToTarget } from './run-target.js';

const MAX_COMMAND_LENGTH = 1_000_000;

export function validateCommand(command: unknown): string {
  const value = requiredString('command', command, { nonEmpty: true, maxLength: MAX_COMMAND_LENGTH });
  if (value.includes('\0')) throw new TypeError('Expected `command` to contain no NUL byte');
  if (value.trim() === '') throw new TypeError('Expected `command` to be a non-blank string');
  return value;
}

/**
 * Runs a command and resolves with its quiet result; never rejects for what the command did
 * (a failure, a timeout, a refusal are all data). Throws a TypeError for invalid options.
 */
export async function run(command: string | readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  const given = validateRunCommand(command);
  return runNormalized(given, normalizeRunOptions(options), started);
}

/** A command checked for run(): its text (what is planned and recorded), and its argv when given as an array. */
export interface ValidCommand {
  text: string;
  argv?: string[];
}

export function validateRunCommand(command: unknown): ValidCommand {
  return Array.isArray(command) ? argvCommand(command) : { text: validateCommand(command) };
}

/** run() once its command is checked and its options normalized (the shell facade normalizes them itself). */
export async function runNormalized(
  given: ValidCommand,
  opts: NormalizedRunOptions,
  started = performance.now(),
): Promise<RunResult> {
  const { text } = given;
  if (given.argv) {
    if (opts.shell !== undefined && opts.shell !== false)
      throw new TypeError('Expected no `shell` option with an argument array: it runs as it is, never through a shell');
    opts.argv = given.argv;
  }
  if (opts.executor) await bindToTarget(opts, opts.executor);
  const store = opts.store ?? defaultRecordStore();
  const refusal = opts.allowIdleSleep || opts.background ? undefined : idleSleepRefusal(text);
  if (refusal) return refuse(startRecord(store, { command: text, cwd: opts.cwd }), { hint: refusal });
  const screening = await screenCommand(text, opts.policy, opts.shell === 'powershell' && !given.argv ? 'powershell' : 'bash');
  if (screening.decision?.action === 'block') {
    const rule = screening.decision.rule ? ` (rule \`${screening.decision.rule}\`)` : '';
    return refuse(startRecord(store, { command: text, cwd: opts.cwd }), {
      message: `[BLOCKED] Not run${rule}: ${screening.decision.reason ?? 'denied by policy'}`,
      ...(screening.warning ? { warning: screening.warning } : {}),
    });
  }
  const context = { store, jobs: () => opts.jobs ?? defaultJobHost() };
  const result =
    opts.retry.retries === 0 && !opts.expect
      ? (await runAttempt(text, opts, context)).result
      : await runWithRetries(text, opts, context, started);
  if (screening.warning) result.warning = screening.warning;
  if (screening.decision?.action === 'warn')
    result.advice = `Policy (warn mode) would block this: ${screening.decision.reason ?? ''}`.trim();
  return result;
}

/** The attempts of a run that may retry or check expectations, and the last one's result. */
async function runWithRetries(
  text: string,
  opts: NormalizedRunOptions,
  context: AttemptContext,
  started: number,
): Promise<RunResult> {
  const finishedRuns: RunResult[] = [];
  const { attempts } = await retryRun(
    async () => {
      const gitBefore = await beforeExpectations(opts.expect, opts.cwd);
      const previous = finishedRuns.map((r) => r.id);
      const finished = await runAttempt(text, opts, context, previous.length > 0 ? { previousAttempts: previous } : {});
      if (opts.expect && finished.result.jobId === undefined)
        await applyExpectations(finished, opts.expect, {
          cwd: opts.cwd,
          encoding: opts.encoding,
          gitBefore,
          executor: opts.executor,
        });
      finishedRuns.push(finished.result);
      const { status } = finished.result;
      // A job still running is never retried (retries with a background run are refused): nothing to judge yet.
      return {
        ...finished.result,
        status: status === 'running' || status === undefined ? (finished.result.ok ? 'ok' : 'error') : status,
      };
    },
    opts.retry,
    opts.signal ? { signal: opts.signal } : {},
  );
  const result: RunResult = { ...finishedRuns.at(-1)! };
  if (attempts.length > 1) {
    result.attempts = attempts.length;
    result.ms = Math.round(performance.now() - started);
  }
  return result;
}

async function refuse(record: RecordWriter, why: Pick<RunResult, 'hint' | 'message' | 'warning'>): Promise<RunResult> {
  await record.finish({ exit: null, blocked: true, ...why });
  return { id: record.id, exit: null, ok: false, ms: 0, shellKind: 'direct', blocked: true, ...why };
}
