// ONE behavioural suite for every executor: the same run(), jobs and shell over the local host, a Docker
// container, a machine over SSH. Each executor's test file calls describeExecutorSuite() with its factory.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutorTarget } from '../../src/executor/types.js';
import { createRecordStore, createShell, run, type Executor, type RecordStore } from '../../src/index.js';
import { uniqueSleepSeconds } from '../helpers/processes.js';

/** What a suite needs of a target: the executor, and an independent way to list the processes there. */
export interface ExecutorFixture {
  executor: Executor;
  /** Command lines (arguments joined by spaces) of every live process in the target, read without the executor under test where possible. */
  commandLines(): Promise<string[]>;
  /** A writable directory in the target. */
  scratchDir: string;
}

export interface SuiteOptions {
  /** Bytes of output for the big-output case (the executor-specific files test 100 MB with the host's RSS). @defaultValue 20 MB */
  bigOutputBytes?: number;
}

async function sleepersIn(fixture: ExecutorFixture, seconds: string): Promise<string[]> {
  return (await fixture.commandLines()).filter((line) => line.trim() === `sleep ${seconds}`);
}

async function noSleepersLeft(fixture: ExecutorFixture, seconds: string, withinMs = 5_000): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  let found = await sleepersIn(fixture, seconds);
  while (found.length > 0 && Date.now() < deadline) {
    await delay(100);
    found = await sleepersIn(fixture, seconds);
  }
  return found;
}

export function describeExecutorSuite(
  name: string,
  makeFixture: () => Promise<ExecutorFixture>,
  suiteOptions: SuiteOptions = {},
): void {
  describe(`the executor suite over ${name}`, () => {
    let fixture: ExecutorFixture;
    let store: RecordStore;
    let executor: Executor;
    beforeAll(async () => {
      fixture = await makeFixture();
      executor = fixture.executor;
      store = createRecordStore({
        dir: `${(await import('node:os')).tmpdir()}/tersh-exec-suite-${process.pid}-${name.replace(/\W/g, '')}`,
      });
    }, 120_000);
    afterAll(async () => {
      await executor?.close();
    });

    it('reports exit codes, and keeps stdout and stderr apart', async () => {
      const failed = await run('echo out; echo err >&2; exit 3', { executor, store });
      expect(failed).toMatchObject({ exit: 3, ok: false, stdout: 'out\n', stderr: 'err\n' });
      expect(await run('true', { executor, store })).toMatchObject({ exit: 0, ok: true });
      expect(await store.detail(failed.id, { selector: 'stderr' })).toBe('err\n');
    });

    it("runs in the target: its cwd, its environment, the caller's additions", async () => {
      const result = await run('echo "$(pwd) $TERSH_SUITE_VAR ${HOME:+has-home}"', {
        executor,
        store,
        cwd: fixture.scratchDir,
        env: { TERSH_SUITE_VAR: 'given' },
      });
      expect(result.stdout).toBe(`${fixture.scratchDir} given has-home\n`);
    });

    it('refuses a cwd that is no directory in the target with a TypeError naming the field', async () => {
      await expect(run('true', { executor, store, cwd: '/no/such/dir-tersh' })).rejects.toThrow(
        `Expected \`cwd\` to be an existing directory in ${executor.name}`,
      );
    });

    it('reports a death by signal as the signal', async () => {
      const result = await run('kill -TERM $$', { executor, store, shell: 'sh' });
      expect(result).toMatchObject({ exit: null, signal: 'SIGTERM', ok: false });
    });

    it('tells an exit code of 129-159 from a death by signal (exit 130 is not SIGINT)', async () => {
      const [exited, interrupted, segfaulted] = await Promise.all([
        run('exit 130', { executor, store, shell: 'sh' }),
        run('kill -INT $$', { executor, store, shell: 'sh' }),
        run('exit 139', { executor, store, shell: 'sh' }),
      ]);
      expect(exited).toMatchObject({ exit: 130, ok: false });
      expect(exited.signal).toBeUndefined();
      expect(interrupted).toMatchObject({ exit: null, signal: 'SIGINT', ok: false });
      expect(segfaulted).toMatchObject({ exit: 139 });
      expect(segfaulted.signal).toBeUndefined();
    });

    it('delivers SIGINT to a background job, which dies of it (not started with SIGINT ignored)', async () => {
      const shell = createShell({ executor, storeDir: store.dir });
      try {
        const started = await shell.run(`sleep ${uniqueSleepSeconds()}`, { background: true, allowIdleSleep: true });
        await delay(300);
        expect(shell.jobs.signal(started.jobId!, 'SIGINT')).toBe(true);
        const logs = await shell.jobs.logs(started.jobId!, { waitUntilExit: true, waitMs: 10_000 });
        expect(logs.result).toMatchObject({ exit: null, signal: 'SIGINT' });
      } finally {
        await shell.close();
      }
    });

    it('kills the whole group and a setsid escapee on timeout: nothing survives in the target', async () => {
      const seconds = uniqueSleepSeconds();
      const result = await run(`sleep ${seconds} & sleep ${seconds} & setsid sleep ${seconds} & wait`, {
        executor,
        store,
        timeoutMs: 1_500,
        killGraceMs: 500,
      });
      expect(result.timedOut).toBe(true);
      expect(await noSleepersLeft(fixture, seconds)).toEqual([]);
    });

    it('kills what the command leaves behind when it exits', async () => {
      const seconds = uniqueSleepSeconds();
      const result = await run(`sleep ${seconds} & setsid sleep ${seconds} & echo started`, {
        executor,
        store,
        killGraceMs: 200,
      });
      expect(result).toMatchObject({ exit: 0, stdout: 'started\n' });
      expect(await noSleepersLeft(fixture, seconds)).toEqual([]);
    });

    it('cancels on abort: the group is killed and the result says canceled', async () => {
      const seconds = uniqueSleepSeconds();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 800);
      const result = await run(`sleep ${seconds}; echo never`, { executor, store, signal: controller.signal, killGraceMs: 200 });
      expect(result.canceled).toBe(true);
      expect(await noSleepersLeft(fixture, seconds)).toEqual([]);
    });

    it("gives a missing program the shell's exit 127, and an argv array a not-found error", async () => {
      const viaShell = await run('no-such-program-tersh --flag', { executor, store });
      expect(viaShell.exit).toBe(127);
      const direct = await run(['no-such-program-tersh'], { executor, store });
      expect(direct).toMatchObject({ ok: false, status: 'error' });
      expect(direct.message).toMatch(/not found|ENOENT/i);
    });

    it('captures big output into the host record store with a bounded view', async () => {
      const bytes = suiteOptions.bigOutputBytes ?? 20 * 1024 * 1024;
      const result = await run(`yes ${'x'.repeat(63)} | head -c ${bytes}`, { executor, store, timeoutMs: 300_000 });
      expect(result.exit).toBe(0);
      expect(result.stdoutTruncatedBytes).toBeGreaterThan(0);
      const { statSync } = await import('node:fs');
      expect(statSync(`${store.dir}/${result.id}/stdout`).size).toBe(bytes);
    }, 300_000);

    it('checks fileExists and fileAbsent in the target', async () => {
      const file = `${fixture.scratchDir}/made-${Date.now()}`;
      const result = await run(`touch ${file}`, { executor, store, expect: { fileExists: [file], fileAbsent: [`${file}.not`] } });
      expect(result.assertOk).toBe(true);
      const missing = await run('true', { executor, store, expect: { fileExists: [`${file}.not`] } });
      expect(missing.assertionsFailed).toEqual([`expected file "${file}.not" to exist; it does not`]);
    });

    it('runs background jobs in the target and serves their logs from the host', async () => {
      const shell = createShell({ executor, storeDir: store.dir });
      try {
        const started = await shell.run('echo first; sleep 0.5; echo second', { background: true });
        expect(started.jobId).toBeDefined();
        const logs = await shell.jobs.logs(started.jobId!, { waitUntilExit: true, waitMs: 10_000 });
        expect(logs.stdout).toContain('second');
      } finally {
        await shell.close();
      }
    });

    it('leaves nothing running in the target after shell.close()', async () => {
      const seconds = uniqueSleepSeconds();
      const shell = createShell({ executor, storeDir: store.dir });
      await shell.run(`sleep ${seconds} & setsid sleep ${seconds} & wait`, { background: true });
      const foreground = shell.run(`sleep ${seconds}`, { allowIdleSleep: true });
      await delay(1_000);
      expect((await sleepersIn(fixture, seconds)).length).toBeGreaterThanOrEqual(3);
      await shell.close();
      expect((await foreground).canceled).toBe(true);
      expect(await noSleepersLeft(fixture, seconds)).toEqual([]);
    });

    it('confines a sandboxed run with bubblewrap in the target, or refuses it there, never runs it unconfined', async () => {
      const target = executor as ExecutorTarget; // every executor factory makes one; the public type hides the seam
      const hasBwrap = (await target.findProgram('bwrap', await target.baseEnv())) !== undefined;
      const outside = `/var/tmp/tersh-unconfined-${Date.now()}`;
      const attempt = run(`touch ${outside}`, { executor, store, sandbox: true, cwd: fixture.scratchDir });
      if (hasBwrap) expect(await attempt).toMatchObject({ ok: false, sandboxed: true });
      else await expect(attempt).rejects.toMatchObject({ code: 'SANDBOX_UNAVAILABLE' });
      expect(await target.pathsExist([outside], '/')).toEqual([false]);
    });
  });
}
