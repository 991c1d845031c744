import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, isTershError, run } from '../../src/index.js';
import { startRecord } from '../../src/store/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  try {
    await promise;
    expect.unreachable('expected a TershError');
  } catch (error) {
    expect(isTershError(error) ? error.code : error).toBe(code);
  }
}

describe('record store', () => {
  it('creates its folder private (mode 0700)', () => {
    const dir = join(tempDir(), 'records');
    createRecordStore({ dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a store folder that is a symlink', () => {
    const base = tempDir();
    const real = join(base, 'real');
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, join(base, 'link'));
    expect(() => createRecordStore({ dir: join(base, 'link') })).toThrow(/symlink is refused/);
  });

  it('returns a whole stream, the meta, or only the matching lines with their numbers', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run("printf 'alpha\\nERROR one\\nbeta\\nERROR two\\n'; echo oops >&2", { store });
    expect(await store.detail(result.id)).toBe('alpha\nERROR one\nbeta\nERROR two\n');
    expect(await store.detail(result.id, { selector: 'stderr' })).toBe('oops\n');
    expect(await store.detail(result.id, { selector: 'stdout', match: 'ERROR' })).toBe('2: ERROR one\n4: ERROR two');
    const meta = JSON.parse(await store.detail(result.id, { selector: 'meta' }));
    expect(meta).toMatchObject({ id: result.id, state: 'complete', exit: 0, stdoutBytes: 31, stdoutLines: 4, stderrLines: 1 });
  });

  it('returns a range of lines by number, numbered as the condenser numbers them (a carriage return stays inside its line)', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run("printf 'one\\ntwo\\r\\nthree 10%%\\rthree 100%%\\nfour\\nfive é\\nsix'", { store });
    expect(await store.detail(result.id, { fromLine: 2, toLine: 4 })).toBe('2: two\n3: three 10%\rthree 100%\n4: four');
    expect(await store.detail(result.id, { fromLine: 5 })).toBe('5: five é\n6: six');
    expect(await store.detail(result.id, { toLine: 1 })).toBe('1: one');
    expect(await store.detail(result.id, { fromLine: 1, toLine: 6, match: 'f' })).toBe('4: four\n5: five é');
    expect(await store.detail(result.id, { match: 'six' })).toBe('6: six');
    expect(await store.detail(result.id, { fromLine: 2, maxBytes: 20 })).toBe(
      '2: two\n[… stopped at 20 bytes; continue from line 3]',
    );
    expect(await store.detail(result.id, { fromLine: 99 })).toBe('');
  });

  it('survives a restart of the host: a new store over the same folder reads old records', async () => {
    const dir = join(tempDir(), 'records');
    const result = await run('echo persisted', { store: createRecordStore({ dir }) });
    const reopened = createRecordStore({ dir });
    expect(await reopened.detail(result.id)).toBe('persisted\n');
  });

  it('pages a stream by offset without ever splitting a UTF-8 character', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run("printf 'ééééééééééééééééééééé'", { store });
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await store.read(result.id, 'stdout', { offset, maxBytes: 16 });
      if ('expired' in page) throw new Error('expired');
      seen.push(page.data);
      offset = page.nextOffset;
      if (page.eof) break;
    }
    expect(seen.join('')).toBe('ééééééééééééééééééééé');
    expect(seen.length).toBe(3);
    const odd = await store.read(result.id, 'stdout', { offset: 1, maxBytes: 17 });
    expect(odd).toMatchObject({ data: 'éééééééé', offset: 2, nextOffset: 18, eof: false });
  });

  it('evicts the least recently used records beyond the count cap and answers expired for them', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records'), maxRecords: 2 });
    const first = await run('echo 1', { store });
    const second = await run('echo 2', { store });
    await store.detail(first.id); // first is now more recently used than second
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(store.dir, second.id, 'meta.json'), past, past);
    const third = await run('echo 3', { store });
    expect(await store.read(second.id, 'stdout')).toEqual({ expired: true });
    await expectCode(store.detail(second.id), 'RECORD_EXPIRED');
    expect(await store.detail(third.id)).toBe('3\n');
  });

  it('enforces the count cap when a record is written: with maxRecords 2, never more than 2 readable', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records'), maxRecords: 2 });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push((await run(`echo run-${index}`, { store })).id);
      // one read after another, oldest first: reads are uses, and parallel ones would finish in any order of recency
      const readable: boolean[] = [];
      for (const id of ids) readable.push(((await store.read(id, 'stdout')) as { expired?: true }).expired !== true);
      expect(readable.filter(Boolean).length).toBeLessThanOrEqual(2);
      expect(readdirSync(store.dir).filter((name) => name.startsWith('r')).length).toBeLessThanOrEqual(2);
    }
    expect(await store.detail(ids[4]!)).toBe('run-4\n');
    expect(await store.detail(ids[3]!)).toBe('run-3\n');
    await expectCode(store.detail(ids[0]!), 'RECORD_EXPIRED');
  });

  it('enforces the cap over records an earlier process left in the folder', async () => {
    const dir = join(tempDir(), 'records');
    const before = createRecordStore({ dir });
    for (let index = 0; index < 4; index += 1) await run(`echo earlier-${index}`, { store: before });
    const store = createRecordStore({ dir, maxRecords: 2 });
    const latest = await run('echo latest', { store });
    expect(readdirSync(dir).filter((name) => name.startsWith('r')).length).toBeLessThanOrEqual(2);
    expect(await store.detail(latest.id)).toBe('latest\n');
  });

  it('evicts beyond the byte cap but never a record still being written, nor the newest complete one', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records'), maxBytes: 10 });
    const writer = startRecord(store, { command: 'live', cwd: '/' });
    await writer.whenReady();
    writer.stdout.append(Buffer.from('x'.repeat(100)));
    await writer.flush();
    const done = await run('echo finished-record-bigger-than-cap', { store });
    const newest = await run('echo the-newest-complete-record-stays', { store });
    await store.sweep();
    await expectCode(store.detail(done.id), 'RECORD_EXPIRED');
    expect(await store.detail(newest.id)).toBe('the-newest-complete-record-stays\n');
    expect(await store.detail(writer.id)).toBe('x'.repeat(100));
    await writer.finish({ exit: 0 });
  });

  it('drops records past the TTL', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records'), ttlMs: 1_000 });
    const result = await run('echo old', { store });
    const past = new Date(Date.now() - 5_000);
    utimesSync(join(store.dir, result.id, 'meta.json'), past, past);
    expect(await store.read(result.id, 'stdout')).toEqual({ expired: true });
  });

  it('never reads a record whose writer died mid-run as complete', async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir });
    mkdirSync(join(dir, 'rmx0000000abcdef'));
    writeFileSync(join(dir, 'rmx0000000abcdef', 'stdout'), 'partial');
    await expectCode(store.detail('rmx0000000abcdef'), 'RECORD_NOT_FOUND');
  });

  it('reads a record whose meta.json was torn by a crash as incomplete, not as complete', async () => {
    const dir = join(tempDir(), 'records');
    const store = createRecordStore({ dir });
    const result = await run('echo whole', { store });
    const metaPath = join(dir, result.id, 'meta.json');
    const text = readFileSync(metaPath, 'utf8');
    writeFileSync(metaPath, text.slice(0, Math.floor(text.length / 2)));
    await expectCode(createRecordStore({ dir }).detail(result.id), 'RECORD_NOT_FOUND');
  });

  it('says in the meta when the disk refused a stream, rather than reading it as whole', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const writer = startRecord(store, { command: 'x', cwd: '/' });
    await writer.whenReady();
    mkdirSync(join(store.dir, writer.id, 'stdout')); // opening the stream file now fails with EISDIR
    writer.stdout.append(Buffer.from('lost\n'));
    const meta = await writer.finish({ exit: 0 });
    expect(meta.writeErrors).toEqual([expect.stringMatching(/^stdout: .*EISDIR/)]);
  });

  it('lets a live record be read while it is written, with eof false until it completes', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const writer = startRecord(store, { command: 'live', cwd: '/' });
    writer.stdout.append(Buffer.from('line 1\n'));
    expect(await store.read(writer.id, 'stdout')).toMatchObject({ data: 'line 1\n', eof: false });
    await writer.finish({ exit: 0 });
    expect(await store.read(writer.id, 'stdout')).toMatchObject({ data: 'line 1\n', eof: true });
    expect(readFileSync(join(store.dir, writer.id, 'meta.json'), 'utf8')).toContain('"state":"complete"');
  });

  it('answers an unknown id with RECORD_NOT_FOUND and a bad one with the same', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    await expectCode(store.detail('rmx0000000000000'), 'RECORD_NOT_FOUND');
    await expectCode(store.detail('../../etc/passwd'), 'RECORD_NOT_FOUND');
  });

  it.each([
    [{ selector: 'stdin' }, 'Expected `selector`'],
    [{ match: '(' }, 'Expected `match` to be a valid regular expression'],
    [{ maxBytes: 0 }, 'Expected `maxBytes`'],
    [{ color: true }, 'Unknown option `color`'],
    [{ fromLine: 0 }, 'Expected `fromLine`'],
    [{ toLine: 1.5 }, 'Expected `toLine`'],
    [{ fromLine: 5, toLine: 2 }, 'Expected `toLine` to be a line number ≥ fromLine (5)'],
    [{ selector: 'meta', fromLine: 1 }, 'Expected `selector` to be stdout, stderr or trace'],
  ])('rejects detail options %j with a TypeError', async (options, message) => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run('true', { store });
    await expect(store.detail(result.id, options as never)).rejects.toThrow(message);
  });

  it.each([[{ maxRecords: 0 }], [{ ttlMs: -1 }], [{ dir: 5 }], [{ size: 1 }]])('rejects store options %j', (options) => {
    expect(() => createRecordStore(options as never)).toThrow(TypeError);
  });
});
