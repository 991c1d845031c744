import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const host = join(import.meta.dirname, '../fixtures/pty/big-output-host.ts');

describe('a terminal step with a big output', () => {
  it('keeps 50 MB whole on disk while the host grows by less than 64 MB', () => {
    const out = execFileSync('npx', ['tsx', host, join(tempDir(), 'records'), '50'], { encoding: 'utf8', timeout: 180_000 });
    const { lines, onDisk, result, growthMb } = JSON.parse(out.trim().split('\n').at(-1)!);
    // 100 x's a line, and the terminal turns each \n into \r\n
    expect(onDisk).toBe(lines * 102 + 'src/end.c:1:1: error: the last line\r\n'.length);
    expect(result.exit).toBe(0);
    expect(result.outputLines).toBe(lines + 1);
    expect(result.output).toContain('src/end.c:1:1: error: the last line');
    expect(result.output.length).toBeLessThan(64 * 1024);
    expect(growthMb).toBeLessThan(64);
  }, 180_000);
});
