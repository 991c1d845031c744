import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyExit } from '../../src/exit/index.js';
import type { ExitStatus } from '../../src/exit/index.js';
import { checkExpectations, normalizeRetryOptions, retryOptionKeys, retryRun, shouldRetryRun } from '../../src/expect/index.js';
import type { Expectations, RunRetryOptions } from '../../src/expect/index.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tersh-retry-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One attempt the way run() composes it: spawn, classify, check expectations. */
function attemptOnce(command: string, expectations: Expectations = {}) {
  const out = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8' });
  const result = { exit: out.status, ms: 1, stdout: out.stdout, stderr: out.stderr };
  const { status, message } = classifyExit({ command, exitCode: out.status, signal: out.signal, stderr: out.stderr });
  return { ...result, status, message, ...checkExpectations(result, expectations, { cwd: dir }) };
}

// Fails until it has run `n` times, counting runs in a file.
const flaky = (n: number, code = 1) =>
  `c=$(cat count 2>/dev/null || echo 0); c=$((c+1)); echo $c > count; echo "run $c"; [ $c -ge ${n} ] || exit ${code}`;

describe('shouldRetryRun', () => {
  const outcome = (status: ExitStatus, exit: number | null, assertOk?: boolean) => ({
    status,
    exit,
    ...(assertOk === undefined ? {} : { assertOk }),
  });
  it.each([
    ['ok', outcome('ok', 0), {}, false],
    ['grep finding nothing yet (ok, but "not yet")', outcome('ok', 1), {}, true],
    ['grep finding nothing, with retryOnExit not listing 1', outcome('ok', 1), { retryOnExit: [75] }, false],
    ['an error', outcome('error', 2), {}, true],
    ['a timeout', outcome('timeout', null), {}, true],
    ['a signal', outcome('signal', 137), {}, true],
    ['an exit in retryOnExit', outcome('error', 75), { retryOnExit: [75] }, true],
    ['an exit not in retryOnExit', outcome('error', 2), { retryOnExit: 75 }, false],
    ['an ok exit listed in retryOnExit', outcome('ok', 1), { retryOnExit: [1] }, true],
    ['failed expectations without retryOnAssertFail', outcome('ok', 0, false), {}, false],
    ['failed expectations with retryOnAssertFail', outcome('ok', 0, false), { retryOnAssertFail: true }, true],
    ['held expectations with retryOnAssertFail', outcome('ok', 0, true), { retryOnAssertFail: true }, false],
  ] as [string, ReturnType<typeof outcome>, RunRetryOptions, boolean][])('%s → %s', (_title, result, options, expected) => {
    expect(shouldRetryRun(result, normalizeRetryOptions(options))).toBe(expected);
  });
});

describe('retryRun', () => {
  it('retries a flaky real command until it passes, keeping every attempt', async () => {
    const slept: number[] = [];
    const outcome = await retryRun(async () => attemptOnce(flaky(3)), normalizeRetryOptions({ retries: 5, backoffMs: 100 }), {
      sleep: async (ms) => void slept.push(ms),
      random: () => 0,
    });
    expect(outcome.attempts.map((a) => [a.exit, a.status, a.stdout.trim()])).toEqual([
      [1, 'error', 'run 1'],
      [1, 'error', 'run 2'],
      [0, 'ok', 'run 3'],
    ]);
    expect(outcome.last).toBe(outcome.attempts[2]);
    expect(outcome.aborted).toBe(false);
    expect(slept).toEqual([100, 200]);
  });

  it('gives up after the retries and returns the last failure as data', async () => {
    const outcome = await retryRun(async () => attemptOnce(flaky(10)), normalizeRetryOptions({ retries: 2, backoffMs: 0 }));
    expect(outcome.attempts).toHaveLength(3);
    expect(outcome.last).toMatchObject({ exit: 1, status: 'error', stdout: 'run 3\n' });
  });

  it('retries grep finding nothing (polling for "not yet"), keeping its semantic reading', async () => {
    const outcome = await retryRun(
      async () => attemptOnce('grep zzz /etc/hostname'),
      normalizeRetryOptions({ retries: 3, backoffMs: 0 }),
    );
    expect(outcome.attempts).toHaveLength(4);
    expect(outcome.last).toMatchObject({ exit: 1, status: 'ok', message: 'No matches found' });
  });

  it('retries only the listed exit codes', async () => {
    const listed = await retryRun(
      async () => attemptOnce(flaky(2, 75)),
      normalizeRetryOptions({ retries: 3, backoffMs: 0, retryOnExit: [75] }),
    );
    expect(listed.attempts.map((a) => a.exit)).toEqual([75, 0]);
    rmSync(join(dir, 'count'));
    const unlisted = await retryRun(
      async () => attemptOnce(flaky(2, 3)),
      normalizeRetryOptions({ retries: 3, backoffMs: 0, retryOnExit: [75] }),
    );
    expect(unlisted.attempts.map((a) => a.exit)).toEqual([3]);
  });

  it('retries failed expectations when retryOnAssertFail is set', async () => {
    const command =
      'c=$(cat count 2>/dev/null || echo 0); c=$((c+1)); echo $c > count; [ $c -ge 2 ] && echo ready || echo starting';
    const outcome = await retryRun(
      async () => attemptOnce(command, { stdoutContains: 'ready' }),
      normalizeRetryOptions({ retries: 3, backoffMs: 0, retryOnAssertFail: true }),
    );
    expect(outcome.attempts.map((a) => [a.status, a.assertOk, a.assertionsFailed])).toEqual([
      ['ok', false, ['expected stdout to contain "ready"; it did not (1 line)']],
      ['ok', true, undefined],
    ]);
  });

  it('stops between attempts when the signal aborts, returning the last attempt', async () => {
    const controller = new AbortController();
    const outcome = await retryRun(
      async () => {
        const attempt = attemptOnce(flaky(10));
        controller.abort();
        return attempt;
      },
      normalizeRetryOptions({ retries: 5, backoffMs: 60_000 }),
      { signal: controller.signal },
    );
    expect(outcome).toMatchObject({ aborted: true, attempts: [expect.objectContaining({ exit: 1 })] });
  });

  it('cuts the real wait short when the signal aborts during it', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const outcome = await retryRun(async () => attemptOnce('exit 1'), normalizeRetryOptions({ retries: 1, backoffMs: 60_000 }), {
      signal: controller.signal,
    });
    expect(outcome.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('normalizeRetryOptions', () => {
  it('applies defaults and accepts a single exit code', () => {
    expect(normalizeRetryOptions({})).toEqual({
      retries: 0,
      backoffMs: 1000,
      maxBackoffMs: 30_000,
      retryOnAssertFail: false,
      factor: 2,
      jitter: 0.2,
    });
    expect(normalizeRetryOptions({ retryOnExit: 75 }).retryOnExit).toEqual([75]);
  });

  it('lists its keys for an options reader', () => {
    expect(retryOptionKeys).toEqual(['retries', 'retryOnExit', 'backoffMs', 'maxBackoffMs', 'retryOnAssertFail']);
  });

  it.each([
    [{ retries: 101 }, 'Expected `retries` to be an integer from 0 to 100, got `101` (number)'],
    [{ retryOnExit: ['1'] }, 'Expected `retryOnExit[0]` to be an integer from 0 to 255, got `1` (string)'],
    [{ retryOnExit: 'any' }, 'Expected `retryOnExit` to be an array of integers, got `any` (string)'],
    [{ backoffMs: -5 }, 'Expected `backoffMs` to be an integer from 0 to 3600000, got `-5` (number)'],
    [{ retryOnAssertFail: 1 }, 'Expected `retryOnAssertFail` to be a boolean, got `1` (number)'],
  ])('rejects %j', (options, message) => {
    expect(() => normalizeRetryOptions(options as never)).toThrow(new TypeError(message));
  });
});
