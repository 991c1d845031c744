import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, createShell, run } from '../../src/index.js';
import type { OutputStreamName } from '../../src/run/live-output.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

/** A node one-liner writing each piece as its own chunk, `gapMs` apart (so the pipe delivers them separately). */
function chunked(pieces: readonly (readonly number[] | string)[], gapMs = 60): string {
  const literal = JSON.stringify(pieces.map((piece) => (typeof piece === 'string' ? [...Buffer.from(piece)] : [...piece])));
  const stream = 'process.stdout';
  return `node -e 'const p=${literal};let i=0;const next=()=>{if(i===p.length)return;${stream}.write(Buffer.from(p[i++]));setTimeout(next,${gapMs})};next()'`;
}

describe('live output of a foreground run', () => {
  it('decodes a character split across chunks and splits lines across chunks', async () => {
    const chunks: string[] = [];
    const lines: [string, OutputStreamName][] = [];
    // "€" is e2 82 ac: its bytes arrive in two chunks; "line" and "two" are one line over two chunks; \r\n ends one line.
    const command = chunked([[0xe2, 0x82], [0xac, ...Buffer.from('rest\nline')], 'two\r\nthree']);
    const result = await run(command, {
      store: store(),
      onStdout: (chunk) => chunks.push(chunk),
      onLine: (line, stream) => lines.push([line, stream]),
    });
    expect(result.exit).toBe(0);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.join('')).toBe('€rest\nlinetwo\r\nthree');
    expect(chunks.some((chunk) => chunk.includes('\uFFFD'))).toBe(false);
    expect(lines).toEqual([
      ['€rest', 'stdout'],
      ['linetwo', 'stdout'],
      ['three', 'stdout'],
    ]);
    expect(result.callbackError).toBeUndefined();
  });

  it('delivers each line while the command is still running', async () => {
    const seen: number[] = [];
    const started = performance.now();
    const result = await run('echo first; sleep 1; echo second >&2', {
      store: store(),
      onLine: () => seen.push(performance.now() - started),
      onStderr: () => seen.push(performance.now() - started),
    });
    const ended = performance.now() - started;
    expect(result.exit).toBe(0);
    expect(seen).toHaveLength(3);
    expect(ended - seen[0]!).toBeGreaterThan(700);
  });

  it('keeps the run going when a callback throws, stops calling it, and says so', async () => {
    let lineCalls = 0;
    let chunkCalls = 0;
    const result = await run('for i in 1 2 3; do echo $i; sleep 0.05; done', {
      store: store(),
      onLine: () => {
        lineCalls++;
        throw new Error('ui went away');
      },
      onStdout: () => void chunkCalls++,
    });
    expect(result).toMatchObject({ exit: 0, ok: true, stdout: '1\n2\n3\n' });
    expect(lineCalls).toBe(1);
    expect(chunkCalls).toBeGreaterThanOrEqual(2);
    expect(result.callbackError).toBe('onLine threw and was not called again: ui went away');
  });

  it('stops feeding a run once it becomes a background job', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    try {
      const lines: string[] = [];
      const result = await shell.run('echo before; sleep 0.6; echo after', {
        autoBackgroundAfterMs: 300,
        onLine: (line) => lines.push(line),
      });
      expect(result.autoBackgrounded).toBe(true);
      await shell.jobs.logs(result.jobId!, { waitUntilExit: true, waitMs: 5_000 });
      expect(lines).toEqual(['before']);
    } finally {
      await shell.close();
    }
  });

  it('feeds 100 MB of lines in bounded memory, and cuts an endless line into 1 MiB pieces', async () => {
    let lines = 0;
    let chars = 0;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
    const before = process.memoryUsage().heapUsed;
    const result = await run(`yes ${'x'.repeat(39)} | head -c 104857600`, {
      store: store(),
      onLine: (line) => {
        lines++;
        chars += line.length;
      },
    });
    clearInterval(sampler);
    expect(result.exit).toBe(0);
    expect(lines).toBe(104857600 / 40);
    expect(chars).toBe(lines * 39);
    expect(peak - before).toBeLessThan(80 * 1024 * 1024);
    const pieces: number[] = [];
    const endless = await run('head -c 5000000 /dev/zero | tr "\\0" x', {
      store: store(),
      onLine: (line) => pieces.push(line.length),
    });
    expect(endless.exit).toBe(0);
    expect(pieces).toEqual([1048576, 1048576, 1048576, 1048576, 5000000 - 4 * 1048576]);
  }, 120_000);

  it('refuses a callback that is not a function, naming the field', async () => {
    await expect(run('true', { store: store(), onLine: 'print' as never })).rejects.toThrow(
      'Expected `onLine` to be a function, got `print` (string)',
    );
  });
});
