import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('bounded capture', () => {
  it('keeps 300 MB of output whole on disk while memory stays bounded', async () => {
    const records = createRecordStore({ dir: join(tempDir(), 'records'), maxBytes: 2 * 1024 ** 3 });
    const bytes = 300 * 1024 * 1024;
    const command = `head -c ${bytes} /dev/zero | tr '\\0' 'x' | fold -w 99`;
    // Node itself grows ~30 MB reading that much from any pipe; warm that up with a plain spawn so the
    // measure below is what tersh adds (and load the parser, decoders and condenser first too).
    await run('seq 1 100000', { store: records });
    await new Promise<void>((resolve) => {
      const child = spawn('sh', ['-c', command]);
      child.stdout.on('data', () => undefined);
      child.on('close', () => resolve());
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const result = await run(command, { store: records, timeoutMs: 120_000 });
    clearInterval(sampler);
    expect(result.exit).toBe(0);
    const onDisk = statSync(join(records.dir, result.id, 'stdout')).size;
    // fold ends every full 99-byte line with a newline; the last, shorter line has none
    expect(onDisk).toBe(bytes + Math.floor(bytes / 99));
    expect(result.stdoutTruncatedBytes).toBe(onDisk - 256 * 1024);
    expect(result.stdoutLines).toBe(Math.ceil(bytes / 99));
    const growthMb = (peak - before) / 1024 / 1024;
    expect(growthMb).toBeLessThan(64);
  }, 120_000);
});
