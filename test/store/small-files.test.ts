import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeRecordFolder } from '../../src/store/remove-record.js';
import { writeSmallFile } from '../../src/store/small-write.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe("a record's small writes and its removal", () => {
  it('writes a file whole (mode 0600), replaces it with `w` and appends with `a`', async () => {
    const path = join(tempDir(), 'meta.json');
    await writeSmallFile(path, '{"a":1}', 'w');
    await writeSmallFile(path, '{"b":2}', 'w');
    await writeSmallFile(path, '\nmore', 'a');
    expect(readFileSync(path, 'utf8')).toBe('{"b":2}\nmore');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('rejects as open does when the folder is missing', async () => {
    await expect(writeSmallFile(join(tempDir(), 'gone', 'meta.json'), 'x', 'w')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes a record folder with its files, one with a folder inside, and one already gone', async () => {
    const flat = join(tempDir(), 'r1');
    mkdirSync(flat);
    for (const name of ['meta.json', 'stdout', 'writer']) writeFileSync(join(flat, name), name);
    const nested = join(tempDir(), 'r2');
    mkdirSync(join(nested, 'inner'), { recursive: true });
    writeFileSync(join(nested, 'inner', 'file'), 'x');
    await removeRecordFolder(flat);
    await removeRecordFolder(nested);
    await removeRecordFolder(join(tempDir(), 'never'));
    expect([existsSync(flat), existsSync(nested)]).toEqual([false, false]);
  });

  it("removes a silent run's record without reading its folder, and one wrongly thought silent by rm -r", async () => {
    const silent = join(tempDir(), 'r3');
    mkdirSync(silent);
    writeFileSync(join(silent, 'meta.json'), '{}');
    const grown = join(tempDir(), 'r4');
    mkdirSync(join(grown, 'inner'), { recursive: true });
    for (const name of ['meta.json', 'stdout']) writeFileSync(join(grown, name), name);
    await removeRecordFolder(silent, true);
    await removeRecordFolder(grown, true);
    expect([existsSync(silent), existsSync(grown)]).toEqual([false, false]);
  });
});
