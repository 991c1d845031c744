import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

describe('timeouts and cancelling', () => {
  it('kills the whole process group on timeout', async () => {
    const seconds = uniqueSleepSeconds();
    const started = Date.now();
    const result = await run(`sh -c 'sleep ${seconds} & sleep ${seconds} & wait'`, { store: store(), timeoutMs: 200 });
    expect(result).toMatchObject({ timedOut: true, ok: false, exit: null, status: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000); // the sleeps last minutes; generous for a loaded machine
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });

  it('sends SIGKILL after the grace period to a process that ignores SIGTERM', async () => {
    const result = await run(`bash -c 'trap "" TERM; while :; do sleep 0.05; done'`, {
      store: store(),
      timeoutMs: 200,
      killGraceMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
  });

  it('finds and kills a setsid escapee after a timeout', async () => {
    const seconds = uniqueSleepSeconds();
    const result = await run(`setsid sleep ${seconds} & sleep ${seconds}`, { store: store(), timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.hint).toMatch(/killed with the run/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });

  it('records timedOut itself rather than inferring it from the exit status', async () => {
    const result = await run('bash -c "exit 124"', { store: store(), timeoutMs: 5_000 });
    expect(result.exit).toBe(124);
    expect(result.timedOut).toBeUndefined();
  });

  it('kills the group when the caller aborts, and says canceled', async () => {
    const seconds = uniqueSleepSeconds();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const result = await run(`sleep ${seconds}; echo never`, { store: store(), signal: controller.signal, allowIdleSleep: true });
    expect(result).toMatchObject({ canceled: true, ok: false, exit: null });
    expect(result.timedOut).toBeUndefined();
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });

  it('kills at once when the signal is already aborted', async () => {
    const result = await run('sleep 5; true', { store: store(), signal: AbortSignal.abort() });
    expect(result.canceled).toBe(true);
  });
});
