import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { startRecord } from '../../src/store/index.js';
import { compiled } from '../helpers/compiled.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const exitAfterRun = join(import.meta.dirname, '../fixtures/store/exit-after-run.ts');

const tempDir = useTempDirs();

// A record's folder is made off the run's critical path (at its first batch of output, or beside the meta at the
// end), and a silent run's folder and meta after its result: what must still hold is that the record reads whole
// by its id the moment run() resolves (readers wait for the pending writes), that it is on disk even when the host
// exits at once, and the caps.
describe('record folders made off the critical path', () => {
  it("reads a silent run's record as complete by its id the moment run() resolves, and one with output on disk", async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const silent = await run('true', { store });
    expect(await store.meta(silent.id)).toMatchObject({ id: silent.id, state: 'complete', exit: 0, stdoutBytes: 0, ok: true });
    const silentMeta = JSON.parse(readFileSync(join(store.dir, silent.id, 'meta.json'), 'utf8')) as Record<string, unknown>;
    expect(silentMeta).toMatchObject({ id: silent.id, state: 'complete', exit: 0, stdoutBytes: 0 });
    expect(readdirSync(join(store.dir, silent.id))).toEqual(['meta.json']);
    const failed = await run('exit 3', { store });
    expect(JSON.parse(await store.detail(failed.id, { selector: 'meta' }))).toMatchObject({ state: 'complete', exit: 3 });
    const again = await run('true', { store });
    expect(await store.read(again.id, 'stdout')).toMatchObject({ data: '', nextOffset: 0 });
    expect(existsSync(join(store.dir, again.id, 'meta.json'))).toBe(true);

    const loudInStore = await run(['sh', '-c', 'echo out; head -c 200000 /dev/zero | tr "\\0" x; echo err >&2'], { store });
    expect(loudInStore.exit).toBe(0);
    const meta = JSON.parse(readFileSync(join(store.dir, loudInStore.id, 'meta.json'), 'utf8')) as Record<string, number>;
    expect(meta).toMatchObject({ state: 'complete', stdoutBytes: 200_004, stderrBytes: 4 });
    expect(readFileSync(join(store.dir, loudInStore.id, 'stdout')).length).toBe(200_004);
    expect(readFileSync(join(store.dir, loudInStore.id, 'stderr'), 'utf8')).toBe('err\n');
  });

  it.each(['warm', 'direct'])(
    "has a silent run's record on disk when the host exits the moment run() resolves (%s)",
    async (spawner) => {
      const dir = join(tempDir(), 'records');
      const child = spawnSync(process.execPath, [compiled(exitAfterRun), dir, spawner], { encoding: 'utf8', timeout: 20_000 });
      expect(child.status).toBe(0);
      const id = child.stdout.trim();
      expect(JSON.parse(readFileSync(join(dir, id, 'meta.json'), 'utf8'))).toMatchObject({ id, state: 'complete', exit: 0 });
    },
  );

  it("has silent runs' records on disk when the host simply ends after them (the loop waits for their writes)", () => {
    const dir = join(tempDir(), 'records');
    const child = spawnSync(process.execPath, [compiled(exitAfterRun), dir, 'warm', 'return'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.status).toBe(0);
    const ids = child.stdout.trim().split('\n');
    expect(ids).toHaveLength(3);
    for (const id of ids)
      expect(JSON.parse(readFileSync(join(dir, id, 'meta.json'), 'utf8'))).toMatchObject({ id, state: 'complete', exit: 0 });
  });

  it('makes the folder, marked with its writer, with the first batch of output, and reads a live record before', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const writer = startRecord(store, { command: 'by hand', cwd: '/' });
    const folder = join(store.dir, writer.id);
    expect(existsSync(folder)).toBe(false);
    expect(await store.meta(writer.id)).toMatchObject({ state: 'running' });
    writer.stdout.append(Buffer.from('small\n'));
    expect(await store.detail(writer.id)).toBe('small\n'); // a live read flushes what is pending
    expect(readdirSync(folder).sort()).toEqual(['stdout', 'writer']);
    writer.stderr.append(Buffer.alloc(70_000, 'e'));
    await writer.flush();
    expect(readFileSync(join(folder, 'stderr')).length).toBe(70_000);
    await writer.finish({ exit: 0 });
    expect(JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8'))).toMatchObject({ state: 'complete', stderrBytes: 70_000 });
  });

  it('keeps the count cap over many quick silent runs: never more than maxRecords folders once a run reads back', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records'), maxRecords: 3 });
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push((await run('true', { store })).id);
      expect(await store.meta(ids.at(-1)!)).toMatchObject({ state: 'complete' });
      const folders = readdirSync(store.dir).filter((name) => name.startsWith('r'));
      expect(folders.length).toBeLessThanOrEqual(3);
      expect(folders).toContain(ids.at(-1));
    }
    expect((await store.read(ids[0]!, 'stdout')) as { expired?: true }).toEqual({ expired: true });
  });

  it('evicts in batches once the count cap passes: down to a 32nd under it, so a full store sweeps once every 32 runs', async () => {
    // A cap of 64 (a slack of 2): the 65th record evicts 3, down to 62; the next two add, the third evicts 3 again.
    const store = createRecordStore({ dir: join(tempDir(), 'records'), maxRecords: 64 });
    const counts: number[] = [];
    for (let index = 0; index < 80; index += 1) {
      const id = (await run('true', { store })).id;
      expect(await store.meta(id)).toMatchObject({ state: 'complete' });
      counts.push(readdirSync(store.dir).filter((name) => name.startsWith('r')).length);
    }
    expect(Math.max(...counts)).toBe(64);
    expect(counts.slice(64)).toEqual([62, 63, 64, 62, 63, 64, 62, 63, 64, 62, 63, 64, 62, 63, 64, 62]);
    expect(readFileSync(join(store.dir, '.evicted'), 'utf8').trim().split('\n')).toHaveLength(18);
  });
});
