import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

describe('seed 001 fields of the API result', () => {
  it('gives the pid of the process that ran, the same as in the record', async () => {
    const records = store();
    const result = await run(['sh', '-c', 'echo $$'], { store: records });
    expect(result.pid).toBe(Number(result.stdout));
    expect((await records.meta(result.id)).pid).toBe(result.pid);
  });

  it('says autoShell only when the syntax chose the shell', async () => {
    expect((await run('echo a && echo b', { store: store() })).autoShell).toBe(true);
    expect((await run('echo a && echo b', { store: store(), shell: 'bash' })).autoShell).toBeUndefined();
    expect((await run('echo a', { store: store() })).autoShell).toBeUndefined();
    expect((await run(['echo', 'a && b'], { store: store() })).autoShell).toBeUndefined();
  });

  it('flags stdoutTruncated and stderrTruncated beside the byte counts', async () => {
    const result = await run('head -c 2000000 /dev/zero | tr "\\0" y; head -c 300000 /dev/zero | tr "\\0" z >&2', {
      store: store(),
      full: true,
    });
    expect(result).toMatchObject({ stdoutTruncated: true, stderrTruncated: true });
    expect(result.stdoutTruncatedBytes).toBeGreaterThan(1_700_000);
    const short = await run('echo short', { store: store() });
    expect(short.stdoutTruncated).toBeUndefined();
  });
});
