import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StreamFile } from '../../src/store/stream-file.js';
import { StreamReader } from '../../src/store/stream-reader.js';
import { random } from '../helpers/random.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const MB = 1024 * 1024;

describe('StreamReader', () => {
  it('reads any piece of a stream file written partly past the page cache: before, across and after where that began', async () => {
    const file = new StreamFile(join(tempDir(), 'stdout'));
    const next = random(7);
    // A first part through the page cache, flushed off a block boundary: direct writes begin at the next one.
    file.append(Buffer.alloc(5 * MB + 77, 'head;'));
    await file.flush();
    for (let index = 0; file.bytesWritten + file.pendingBytes < 24 * MB + 1234; index += 1) {
      file.append(Buffer.alloc(1 + Math.floor(next() * 70_000), `${index};`));
      if (file.pendingBytes > 8 * MB) await file.whenPendingBelow(8 * MB);
    }
    await file.close();
    const bytes = readFileSync(file.path);
    if (process.platform === 'linux') expect(file.directFrom).toBe(5 * MB + 4096);
    const reader = await StreamReader.open(file.path, MB, file.directFrom);
    try {
      const from = file.directFrom ?? 0;
      const starts = [
        0,
        1,
        from - 5000,
        from - 1,
        from,
        from + 1,
        from + 4095,
        bytes.length - 10,
        bytes.length - MB,
        bytes.length,
      ];
      for (let n = 0; n < 200; n += 1) starts.push(Math.floor(next() * bytes.length));
      for (const start of starts.filter((at) => at >= 0)) {
        const length = start % 3 === 0 ? MB : 1 + Math.floor(next() * MB);
        const piece = await reader.read(length, start);
        expect(piece.equals(bytes.subarray(start, start + length)), `${length} bytes at ${start}`).toBe(true);
      }
    } finally {
      await reader.close();
    }
  }, 60_000);

  it('reads a file that never went past the page cache', async () => {
    const path = join(tempDir(), 'stdout');
    const file = new StreamFile(path);
    file.append(Buffer.from('a short stream\n'));
    await file.close();
    const reader = await StreamReader.open(path, MB, file.directFrom);
    expect((await reader.read(MB, 2)).toString()).toBe('short stream\n');
    await reader.close();
  });
});
