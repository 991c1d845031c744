import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
// Every line differs from every other, so a chunk lost, doubled or written out of order changes the hash.
const STDOUT_LINES = 13_000_000; // 105.7 MB, past 100 MiB
const STDERR_LINES = 3_000_000; // 21.9 MB, written at the same time

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function sha256OfCommand(command: string): string {
  return execFileSync('sh', ['-c', `${command} | sha256sum`], { encoding: 'utf8' }).split(' ')[0]!;
}

describe('the record of a big output', () => {
  it('is byte for byte what the command wrote: 106 MB of stdout and 22 MB of stderr at once', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records'), maxBytes: 1024 ** 3 });
    const result = await run(`seq 1 ${STDERR_LINES} >&2 & seq 1 ${STDOUT_LINES}; wait`, { store, timeoutMs: 120_000 });
    expect(result.exit).toBe(0);
    expect(result.stdoutLines).toBe(STDOUT_LINES);
    expect(result.stderrLines).toBe(STDERR_LINES);
    const recordDir = join(store.dir, result.id);
    expect(await sha256OfFile(join(recordDir, 'stdout'))).toBe(sha256OfCommand(`seq 1 ${STDOUT_LINES}`));
    expect(await sha256OfFile(join(recordDir, 'stderr'))).toBe(sha256OfCommand(`seq 1 ${STDERR_LINES}`));
  }, 120_000);
});
