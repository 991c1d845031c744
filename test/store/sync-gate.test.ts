import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpareFolders } from '../../src/store/spare-folders.js';
import { SyncGate } from '../../src/store/sync-gate.js';
import { useTempDirs } from '../helpers/temp-dir.js';

/** A gate on a clock the test moves: `op(ms)` takes that long (of which `waited` ms waiting for a CPU). */
function gateOnClock() {
  let clock = 0;
  let cpuWaited = 0;
  const gate = new SyncGate({
    slowMs: 1,
    budgetMs: 10,
    windowMs: 1_000,
    coolOffMs: 10_000,
    now: () => clock,
    cpuWait: () => cpuWaited,
  });
  const op = (ms: number, waited = 0): Promise<string> =>
    gate.run(
      () => {
        clock += ms;
        cpuWaited += waited;
        return 'sync';
      },
      () => Promise.resolve('pool'),
    );
  return { gate, op, advance: (ms: number) => (clock += ms) };
}

describe('the gate of small disk operations', () => {
  it('runs them synchronously while each takes up to slowMs', async () => {
    const { gate, op } = gateOnClock();
    for (let index = 0; index < 50; index += 1) expect(await op(1)).toBe('sync');
    expect(gate).toMatchObject({ syncOps: 50, asyncOps: 0, slowOps: 0, isSync: true });
  });

  it('goes through the thread pool for the cool-off once slow ones took over the budget within the window, then synchronously again', async () => {
    const { gate, op, advance } = gateOnClock();
    expect(await op(5)).toBe('sync');
    advance(400);
    expect(await op(0.1)).toBe('sync');
    expect(await op(6)).toBe('sync'); // 11 ms within 1 s
    expect(gate.isSync).toBe(false);
    expect(await op(0)).toBe('pool');
    advance(9_999);
    expect(await op(0)).toBe('pool');
    advance(1);
    expect(await op(0)).toBe('sync'); // 10 s on
    expect(gate).toMatchObject({ syncOps: 4, asyncOps: 2, slowOps: 2, isSync: true });
    expect(await op(9)).toBe('sync'); // a budget of its own
    expect(gate.isSync).toBe(true);
  });

  it('stays synchronous while slow ones stay within the budget, and goes to the thread pool for one call over it', async () => {
    const { gate, op, advance } = gateOnClock();
    for (let index = 0; index < 6; index += 1) {
      expect(await op(1.5)).toBe('sync');
      advance(100);
    }
    expect(gate).toMatchObject({ slowOps: 6, isSync: true }); // 9 ms within 1 s
    expect(await op(1.5)).toBe('sync');
    expect(gate.isSync).toBe(false);
    advance(10_000);
    expect(await op(40)).toBe('sync');
    expect(gate.isSync).toBe(false);
  });

  it('stays synchronous when slow calls come further apart than the window', async () => {
    const { gate, op, advance } = gateOnClock();
    for (let index = 0; index < 5; index += 1) {
      expect(await op(9)).toBe('sync');
      advance(1_001);
    }
    expect(gate).toMatchObject({ slowOps: 5, asyncOps: 0, isSync: true });
  });

  it('does not count the time a call waited for a CPU', async () => {
    const { gate, op } = gateOnClock();
    await op(4, 3.5);
    await op(30, 29.5);
    expect(gate).toMatchObject({ slowOps: 0, isSync: true });
    await op(12, 1.5);
    expect(gate).toMatchObject({ slowOps: 1, isSync: false });
  });

  it("rejects with a synchronous call's error, and counts a slow failure", async () => {
    const { gate, advance } = gateOnClock();
    const failing = (): Promise<never> =>
      gate.run(
        () => {
          advance(6);
          throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
        },
        () => Promise.reject(new Error('pool')),
      );
    await expect(failing()).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(failing()).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(failing()).rejects.toThrow('pool');
    expect(gate).toMatchObject({ syncOps: 2, asyncOps: 1, slowOps: 2 });
  });

  it("reads this thread's wait for a CPU where Linux says it (a number that never goes back)", async () => {
    const { cpuWaitMs } = await import('../../src/store/cpu-wait.js');
    const first = cpuWaitMs();
    const end = performance.now() + 20;
    while (performance.now() < end); // on a CPU meanwhile, maybe preempted
    expect(cpuWaitMs()).toBeGreaterThanOrEqual(first);
    if (process.platform === 'linux') expect(first).toBeGreaterThan(0);
  });
});

describe("a store's spare folders through its gate (real folders)", () => {
  const tempDir = useTempDirs();

  it('keeps and fills spares on the event loop while calls are quick, through the thread pool after slow ones, alike on disk', async () => {
    const dir = join(tempDir(), 'records');
    mkdirSync(dir);
    let clock = 0;
    const gate = new SyncGate({ now: () => clock, cpuWait: () => 0 });
    const spares = new SpareFolders(dir, gate);
    const silentRecord = (id: string): string => {
      mkdirSync(join(dir, id), { recursive: true });
      writeFileSync(join(dir, id, 'meta.json'), JSON.stringify({ id, state: 'complete', padding: 'x'.repeat(200) }));
      return join(dir, id);
    };
    const cycle = async (evicted: string, next: string): Promise<void> => {
      expect(await spares.keep(silentRecord(evicted))).toBe(true);
      const spare = spares.take()!;
      expect(spare).toMatch(/\/\.spare-[0-9a-f]{12}-\d+$/);
      await spares.fill(spare, JSON.stringify({ id: next, state: 'complete' }), join(dir, next));
      expect(readdirSync(dir).sort()).toEqual([next]);
      expect(readdirSync(join(dir, next))).toEqual(['meta.json']);
      // written over and cut to length: nothing of the longer meta it replaced is left
      expect(JSON.parse(readFileSync(join(dir, next, 'meta.json'), 'utf8'))).toEqual({ id: next, state: 'complete' });
    };

    await cycle('r-1', 'r-2');
    expect([gate.syncOps, gate.asyncOps]).toEqual([2, 0]);
    for (let slow = 0; slow < 2; slow += 1)
      await gate.run(
        () => (clock += 6),
        () => Promise.resolve(0),
      );
    await cycle('r-2', 'r-3');
    expect([gate.syncOps, gate.asyncOps]).toEqual([4, 2]);
    clock += 10_000;
    await cycle('r-3', 'r-4');
    expect([gate.syncOps, gate.asyncOps]).toEqual([6, 2]);
  });

  it('removes a spare that holds more than its meta, whichever way it was moved', async () => {
    const dir = join(tempDir(), 'records');
    mkdirSync(dir);
    for (const onLoop of [true, false]) {
      let clock = 0;
      const gate = new SyncGate({ now: () => clock, cpuWait: () => 0 });
      if (!onLoop)
        await gate.run(
          () => (clock += 11),
          () => Promise.resolve(0),
        ); // over the budget at once
      expect(gate.isSync).toBe(onLoop);
      const spares = new SpareFolders(dir, gate);
      mkdirSync(join(dir, 'r-loud'));
      writeFileSync(join(dir, 'r-loud', 'meta.json'), '{}');
      writeFileSync(join(dir, 'r-loud', 'stdout'), 'planted');
      expect(await spares.keep(join(dir, 'r-loud'))).toBe(true);
      expect(spares.take()).toBeUndefined();
      expect(readdirSync(dir)).toEqual([]);
    }
  });
});
