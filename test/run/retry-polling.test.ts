import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import { createRecordStore } from '../../src/store/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../jobs/helpers.js';

const tempDir = useTempDirs();

/** Makes the awaited condition true once a first attempt has ended (its record's meta is on disk), however slow the machine. */
async function afterFirstAttempt(recordsDir: string, makeTrue: () => void): Promise<void> {
  const ended = () =>
    existsSync(recordsDir) && readdirSync(recordsDir).some((id) => existsSync(join(recordsDir, id, 'meta.json')));
  if (await waitFor(ended, 20_000)) makeTrue();
}

describe('retries poll for "not yet"', () => {
  it('retries [ -f done ] until the file appears, though its exit 1 reads as ok', async () => {
    const dir = tempDir();
    const store = createRecordStore({ dir: join(dir, 'records') });
    const appeared = afterFirstAttempt(store.dir, () => writeFileSync(join(dir, 'done'), ''));
    const result = await run(`[ -f ${join(dir, 'done')} ]`, { store, retries: 20, backoffMs: 50, maxBackoffMs: 100 });
    await appeared;
    expect(result.exit).toBe(0);
    expect(result.attempts).toBeGreaterThan(1);
  });

  it('retries grep -q until the line is there', async () => {
    const dir = tempDir();
    const store = createRecordStore({ dir: join(dir, 'records') });
    const log = join(dir, 'app.log');
    writeFileSync(log, 'starting\n');
    const appeared = afterFirstAttempt(store.dir, () => writeFileSync(log, 'starting\nready\n'));
    const result = await run(`grep -q ready ${log}`, { store, retries: 20, backoffMs: 50, maxBackoffMs: 100 });
    await appeared;
    expect(result).toMatchObject({ exit: 0, ok: true });
    expect(result.attempts).toBeGreaterThan(1);
  });

  it('stops at a listed exit code only, when retryOnExit is given', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run('exit 1', { store, retries: 3, backoffMs: 10, retryOnExit: [75] });
    expect(result.attempts).toBeUndefined();
  });

  it('reports the whole call in ms, every attempt included', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run('sleep 0.1; exit 3', { store, retries: 3, backoffMs: 100, maxBackoffMs: 100 });
    expect(result.attempts).toBe(4);
    // 4 × 100 ms of sleep and 3 waits of 80–120 ms each
    expect(result.ms).toBeGreaterThanOrEqual(600);
    const meta = JSON.parse(await store.detail(result.id, { selector: 'meta' }));
    expect(meta.ms).toBeLessThan(result.ms);
  });
});

describe('expectations and retries are never dropped by a background run', () => {
  it.each([
    [{ background: true, expect: { exit: 0 } }, /`expect` together with `background`/],
    [{ background: true, retries: 2 }, /`retries` together with `background`/],
    [{ autoBackgroundAfterMs: 100, expect: { stdoutContains: 'x' } }, /`expect` together with `autoBackgroundAfterMs`/],
    [{ autoBackgroundAfterMs: 100, retries: 1 }, /`retries` together with `autoBackgroundAfterMs`/],
  ])('refuses %j with a TypeError naming both fields', async (options, message) => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    await expect(run('true', { store, ...options })).rejects.toThrow(message);
  });
});
