import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as turn, setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StreamFile } from '../../src/store/stream-file.js';
import { random } from '../helpers/random.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const MB = 1024 * 1024;

/** A chunk whose bytes say where it is, so a byte out of order or lost changes the file's hash. */
function numberedChunk(index: number, bytes: number): Buffer {
  return Buffer.alloc(bytes, `${index},`);
}

describe('StreamFile', () => {
  it('writes a steady stream of 64 KiB chunks in batches of at least 4 MiB', async () => {
    // A chunk a millisecond, as a child's output arrives when the machine is busy: each write used to take one chunk.
    const file = new StreamFile(join(tempDir(), 'stdout'));
    const expected = createHash('sha256');
    for (let index = 0; index < 256; index += 1) {
      const chunk = numberedChunk(index, 64 * 1024);
      expected.update(chunk);
      file.append(chunk);
      await delay(1);
    }
    await file.close();
    expect(file.bytesWritten).toBe(16 * MB);
    expect(createHash('sha256').update(readFileSync(file.path)).digest('hex')).toBe(expected.digest('hex'));
    expect(file.writes).toBeLessThanOrEqual(5);
  });

  it('keeps every byte in order across batches of chunks of any size, the rest written by flush', async () => {
    const file = new StreamFile(join(tempDir(), 'stdout'));
    const chunks = Array.from({ length: 700 }, (_, index) => numberedChunk(index, 1 + ((index * 7919) % 9000)));
    for (const [index, chunk] of chunks.entries()) {
      file.append(chunk);
      if (index % 50 === 0) await turn();
    }
    await file.flush();
    expect(readFileSync(file.path).equals(Buffer.concat(chunks))).toBe(true);
    file.append(Buffer.from('tail'));
    await file.close();
    expect(readFileSync(file.path).subarray(-4).toString()).toBe('tail');
  });

  it('writes a 110 MB stream past the page cache from a block boundary on, byte for byte, through flushes at any byte', async () => {
    // Chunks of odd sizes, and flushes (what a live reader asks for) leaving the file's end off any block boundary.
    const file = new StreamFile(join(tempDir(), 'stdout'));
    const next = random(21);
    const expected = createHash('sha256');
    let appended = 0;
    for (let index = 0; appended < 110 * MB; index += 1) {
      const chunk = numberedChunk(index, 1 + Math.floor(next() * 70_000));
      expected.update(chunk);
      file.append(chunk);
      appended += chunk.length;
      if (file.pendingBytes > 8 * MB) await file.whenPendingBelow(8 * MB);
      if (next() < 0.004) {
        await file.flush();
        expect(file.bytesWritten).toBe(appended);
      }
    }
    await file.close();
    expect(file.bytesWritten).toBe(appended);
    expect(createHash('sha256').update(readFileSync(file.path)).digest('hex')).toBe(expected.digest('hex'));
    if (process.platform === 'linux') expect(file.directFrom).toBeLessThanOrEqual(12 * MB);
    if (file.directFrom !== undefined) expect(file.directFrom % 4096).toBe(0);
  }, 60_000);
});
