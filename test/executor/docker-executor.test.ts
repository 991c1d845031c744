import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordStore, dockerExecutor, run, type Executor } from '../../src/index.js';
import { dockerUnavailable, startDockerEngine, type DockerEngine } from './docker-engine.js';
import { describeExecutorSuite } from './shared-suite.js';
import { sleepersAroundHostDeath } from './host-death.js';
import { bigOutputThroughHost } from './big-output.js';

const unavailable = dockerUnavailable();
// CI installs docker.io and busybox-static (.ci/run): there the engine must start, never be skipped.
if (unavailable && process.env.CI) throw new Error(`The Docker executor tests cannot run on CI: ${unavailable}`);

describe.skipIf(unavailable !== undefined)(`the Docker executor${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let engine: DockerEngine;
  const executors: Executor[] = [];
  const executorFor = (container: string): Executor => {
    const executor = dockerExecutor({ container, docker: { socketPath: engine.socketPath } });
    executors.push(executor);
    return executor;
  };

  beforeAll(async () => {
    engine = await startDockerEngine();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(executors.map((executor) => executor.close()));
    await engine?.stop();
  }, 60_000);

  describeExecutorSuite(
    'a Docker container',
    async () => {
      const container = await engine.startContainer('tersh-suite');
      return { executor: executorFor(container), commandLines: () => engine.commandLines(container), scratchDir: '/work' };
    },
    { bigOutputBytes: 20 * 1024 * 1024 },
  );

  it('throws EXECUTOR_UNAVAILABLE for a container that does not exist', async () => {
    await expect(run('true', { executor: executorFor('no-such-container') })).rejects.toMatchObject({
      name: 'TershError',
      code: 'EXECUTOR_UNAVAILABLE',
      message: expect.stringContaining('no container named no-such-container'),
    });
  });

  it('throws EXECUTOR_UNAVAILABLE when the engine cannot be reached', async () => {
    const executor = dockerExecutor({ container: 'x', docker: { socketPath: join(tmpdir(), 'no-such-docker.sock') } });
    await expect(run('true', { executor })).rejects.toMatchObject({
      code: 'EXECUTOR_UNAVAILABLE',
      message: expect.stringContaining('cannot be reached'),
    });
  });

  it('rejects invalid options with a TypeError naming the field', async () => {
    expect(() => dockerExecutor({ container: 42 } as never)).toThrow('Expected `container` to be a string, got `42` (number)');
    expect(() => dockerExecutor({ container: 'a', docker: { socketPath: '' } })).toThrow('`docker.socketPath`');
    expect(() => dockerExecutor({ container: 'a', tty: true } as never)).toThrow('Unknown option `tty`');
    await expect(run('true', { executor: { kind: 'docker' } as never })).rejects.toThrow('Expected `executor` to be an executor');
  });

  it('reports a container that dies mid-run clearly, without hanging', async () => {
    const container = await engine.startContainer('tersh-dies');
    const executor = executorFor(container);
    const pending = run('sleep 60; echo never', { executor, allowIdleSleep: true, timeoutMs: 60_000 });
    // Killed once the command runs there, not after a fixed delay: on a loaded machine `docker exec` alone can take seconds.
    while (!(await engine.commandLines(container)).some((line) => line.includes('sleep 60'))) await delay(100);
    const killed = Date.now();
    engine.cli(['kill', container]);
    const result = await pending;
    expect(Date.now() - killed).toBeLessThan(15_000);
    expect(result).toMatchObject({ ok: false, exit: null, status: 'error' });
    expect(result.message).toMatch(/docker:tersh-dies stopped during the run/);
  }, 90_000);

  it('keeps 100 MB of output whole in the host store while the host grows by less than 64 MB', async () => {
    const container = await engine.startContainer('tersh-big');
    const options = { container, docker: { socketPath: engine.socketPath } };
    const { bytes, onDisk, exit, truncated, growthMb } = await bigOutputThroughHost('docker', options, '', 100);
    expect({ exit, onDisk }).toEqual({ exit: 0, onDisk: bytes });
    expect(truncated).toBeGreaterThan(0);
    expect(growthMb).toBeLessThan(64);
  }, 240_000);

  it('leaves nothing 2 s after a host SIGKILL: a run, a run with input, a job with stdin pipe, a job whose leftovers are kept', async () => {
    const container = await engine.startContainer('tersh-orphans');
    const options = { container, docker: { socketPath: engine.socketPath } };
    const { before, after } = await sleepersAroundHostDeath('docker', options, '/work', () => engine.commandLines(container));
    expect(before).toBe(8);
    expect(after).toEqual([]);
  }, 60_000);

  it('writes records to the host store whatever the target', async () => {
    const container = await engine.startContainer('tersh-records');
    const store = createRecordStore({ dir: mkdtempSync(join(tmpdir(), 'tersh-docker-records-')) });
    const result = await run('echo in-the-container; hostname', { executor: executorFor(container), store });
    expect(await store.detail(result.id, { selector: 'stdout' })).toMatch(/^in-the-container\n[0-9a-f]{12}\n$/);
  });
});
