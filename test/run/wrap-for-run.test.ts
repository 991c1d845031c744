import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSandboxOptions } from '../../src/sandbox/index.js';
import { wrapForRun } from '../../src/run/wrap-for-run.js';

let cwd: string;
let records: string;
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'tersh-wrap-run-'));
  records = mkdtempSync(join(tmpdir(), 'tersh-wrap-run-records-'));
});
afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
  rmSync(records, { recursive: true, force: true });
});

const spawnAndWait = (file: string, args: string[]): Promise<number | null> =>
  new Promise((resolve) => spawn(file, args, { cwd, stdio: 'ignore' }).on('close', resolve));

describe('wrapForRun', () => {
  it('sandboxes and traces together, then summarises and cleans up', async () => {
    const wrapped = await wrapForRun(
      { file: 'bash', args: ['-c', 'echo x > kept.txt; echo y > /etc/tersh-nope'] },
      {
        cwd,
        sandbox: normalizeSandboxOptions({ network: false })!,
        traceFile: join(records, 'a.trace'),
      },
    );
    expect(wrapped.sandboxed).toBe(true);
    const tmp = wrapped.args[wrapped.args.indexOf('/tmp') - 1] as string;
    expect(existsSync(tmp)).toBe(true);
    await spawnAndWait(wrapped.file, wrapped.args);
    const { traceSummary } = await wrapped.finish();
    expect(traceSummary?.filesWritten.items).toEqual([join(cwd, 'kept.txt')]);
    expect(traceSummary?.processes.items.map((path) => path.split('/').pop())).toEqual(['bash']);
    expect(existsSync('/etc/tersh-nope')).toBe(false);
    expect(existsSync(tmp)).toBe(false);
  });

  it('passes the command through untouched when neither is asked for', async () => {
    const wrapped = await wrapForRun({ file: 'true', args: ['a'] }, { cwd });
    expect(wrapped).toMatchObject({ file: 'true', args: ['a'], sandboxed: false });
    expect(await wrapped.finish()).toEqual({});
  });

  it('runs untraced, and says so, when the trace file cannot be made', async () => {
    const wrapped = await wrapForRun({ file: 'true', args: [] }, { cwd, traceFile: join(records, 'never-made', 'b.trace') });
    expect(wrapped).toMatchObject({
      file: 'true',
      args: [],
      traceUnavailable: expect.stringMatching(/could not be made.*ENOENT/),
    });
    expect(await spawnAndWait(wrapped.file, wrapped.args)).toBe(0);
    expect(await wrapped.finish()).toEqual({ traceUnavailable: expect.stringContaining('could not be made') });
  });

  it('reports a trace that could not be read instead of throwing', async () => {
    const traceFile = join(records, 'gone.trace');
    const wrapped = await wrapForRun({ file: 'true', args: [] }, { cwd, traceFile });
    expect(await spawnAndWait(wrapped.file, wrapped.args)).toBe(0);
    rmSync(traceFile);
    expect(await wrapped.finish()).toEqual({ traceUnavailable: expect.stringContaining('could not be read') });
  });
});
