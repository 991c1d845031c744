import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecordStore } from '../../src/index.js';
import { startRecord } from '../../src/store/record-store.js';
import { ProcessHandle } from '../../src/run/process-handle.js';
import { localLauncher } from '../../src/process/local-launcher.js';

// V8's parser marks a function literal assigned to a property (`obj.f = () => …`) for allocation in the old
// generation, and code not yet optimized allocates it there: dead, it still holds its scope (a run's objects) through
// every young collection until the next full one. Closures made for each run are assigned from names instead; these
// read where each was allocated, with V8's own test function (its first calls run unoptimized, so a literal is old).
setFlagsFromString('--allow-natives-syntax');
const inYoungGeneration = new Function('value', 'return %InYoungGeneration(value)') as (value: unknown) => boolean;

const dir = mkdtempSync(join(tmpdir(), 'tersh-young-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a run's closures are allocated young", () => {
  it('the finish functions a store gives each record writer', async () => {
    const store = createRecordStore({ dir });
    for (let i = 0; i < 5; i++) {
      const writer = startRecord(store, { command: `young ${i}`, cwd: dir });
      expect(inYoungGeneration(writer), 'the writer itself').toBe(true);
      expect(inYoungGeneration(writer.finish), 'finish').toBe(true);
      expect(inYoungGeneration(writer.finishLater), 'finishLater').toBe(true);
      await writer.finish({ exit: 0 });
    }
  });

  it("a process handle's release", async () => {
    const store = createRecordStore({ dir });
    for (let i = 0; i < 3; i++) {
      const record = startRecord(store, { command: 'true', cwd: dir });
      const handle = await ProcessHandle.start({
        file: 'true',
        args: [],
        cwd: dir,
        env: process.env,
        runTag: record.id,
        record,
        timeoutMs: 30_000,
        killGraceMs: 100,
        headBytes: 1024,
        ringBytes: 1024,
        leftovers: 'kill',
        launcher: localLauncher,
      });
      expect(inYoungGeneration(handle.release)).toBe(true);
      await handle.done;
      await record.finish({ exit: 0 });
    }
  });

  it('the test function tells an old literal from a young one', () => {
    const holder: { f?: () => number } = {};
    holder.f = () => 1;
    const named = (): number => 2;
    expect(inYoungGeneration(holder.f)).toBe(false);
    expect(inYoungGeneration(named)).toBe(true);
  });
});
