import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const host = join(import.meta.dirname, '../fixtures/run/big-output-host.ts');

describe('bounded capture', () => {
  it('keeps 300 MB of output whole on disk while the host grows by less than 64 MB', () => {
    // A host process of its own, so the test runner's heap does not blur the measure.
    const out = execFileSync('npx', ['tsx', host, join(tempDir(), 'records'), '300'], { encoding: 'utf8', timeout: 120_000 });
    const { bytes, onDisk, result, growthMb } = JSON.parse(out.trim().split('\n').at(-1)!);
    // fold ends every full 99-byte line with a newline; the last, shorter line has none
    expect(onDisk).toBe(bytes + Math.floor(bytes / 99));
    expect(result.exit).toBe(0);
    expect(result.stdoutTruncatedBytes).toBe(onDisk - 256 * 1024);
    expect(result.stdoutLines).toBe(Math.ceil(bytes / 99));
    expect(growthMb).toBeLessThan(64);
  }, 120_000);
});
