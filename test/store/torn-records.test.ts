import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { compiled } from '../helpers/compiled.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const host = join(import.meta.dirname, '../fixtures/store/writer-host.ts');
const MB = 1024 * 1024;
const CAPS = { maxRecords: 12, maxBytes: 150 * MB };
const KILLS = 24;
const MEGABYTES_EACH = 8;

function recordIds(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name.startsWith('r'))
    .map((e) => e.name);
}

function streamBytes(dir: string, id: string): number {
  return ['stdout', 'stderr'].reduce(
    (sum, name) => sum + (statSync(join(dir, id, name), { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
}

function startHost(dir: string, megabytes: number, caps = CAPS): { kill: () => Promise<void> } {
  const child = spawn(
    process.execPath,
    [compiled(host), dir, String(megabytes), String(caps.maxRecords), String(caps.maxBytes)],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until `count` records not in `seen` hold `megabytes` MB each, and adds them to `seen`. */
async function waitForRecords(dir: string, seen: Set<string>, count: number, megabytes: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const full = existsSync(dir) ? recordIds(dir).filter((id) => !seen.has(id) && streamBytes(dir, id) >= megabytes * MB) : [];
    if (full.length >= count) {
      for (const id of full) seen.add(id);
      return;
    }
    if (Date.now() > deadline)
      throw new Error(
        `only ${full.length} of ${count} writer hosts wrote their record: ${JSON.stringify(
          recordIds(dir)
            .filter((id) => !seen.has(id))
            .map((id) => [id, streamBytes(dir, id), readdirSync(join(dir, id))]),
        )}`,
      );
    await sleep(20);
  }
}

/** Starts `count` hosts writing records at once, waits until each record holds its megabytes, and SIGKILLs them. */
async function killMidWrite(dir: string, seen: Set<string>, count: number): Promise<void> {
  const hosts = Array.from({ length: count }, () => startHost(dir, MEGABYTES_EACH));
  try {
    await waitForRecords(dir, seen, count, MEGABYTES_EACH);
  } finally {
    await Promise.all(hosts.map((h) => h.kill()));
  }
}

describe('records whose writer died', () => {
  it(`count against the caps and go first, so after ${KILLS} SIGKILLed writers a fresh run stays and the caps hold`, async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir, ...CAPS });
    const complete = await run('echo complete-before', { store });
    const seen = new Set<string>([complete.id]);
    for (let round = 0; round < KILLS / 4; round += 1) {
      await killMidWrite(dir, seen, 4);
    }
    const before = recordIds(dir);
    expect(before.length).toBe(KILLS + 1);

    const fresh = await run('echo fresh', { store });
    await store.sweep();
    const after = recordIds(dir);
    const bytes = after.reduce((sum, id) => sum + streamBytes(dir, id), 0);
    expect(after.length).toBeLessThanOrEqual(CAPS.maxRecords);
    expect(bytes).toBeLessThanOrEqual(CAPS.maxBytes);
    expect(after).toContain(fresh.id);
    expect(after).toContain(complete.id);
    expect(await store.detail(fresh.id)).toBe('fresh\n');
    await store.sweep();
    expect(await store.detail(fresh.id)).toBe('fresh\n');
  }, 240_000);

  it('never evicts a record whose writer is alive in another process', async () => {
    const dir = join(tempDir(), 'records');
    const writer = startHost(dir, 2, { maxRecords: 1, maxBytes: MB });
    try {
      await waitForRecords(dir, new Set(), 1, 2);
      const [live] = recordIds(dir);
      const store = createRecordStore({ dir, maxRecords: 1, maxBytes: MB });
      await run('echo mine', { store });
      await store.sweep();
      expect(recordIds(dir)).toContain(live);
    } finally {
      await writer.kill();
    }
  }, 120_000);
});
