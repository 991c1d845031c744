import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSandboxOptions, wrapInSandbox } from '../../src/sandbox/index.js';
import { summarizeTrace, wrapInTrace } from '../../src/trace/index.js';

describe('trace and sandbox together', () => {
  it('traces the sandboxed command and leaves out the sandbox launcher', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tersh-trace-sbx-'));
    const records = mkdtempSync(join(tmpdir(), 'tersh-trace-sbx-records-'));
    const traceFile = join(records, 'trace.txt');
    const sandboxed = await wrapInSandbox(
      { file: '/usr/bin/bash', args: ['-c', 'echo a > made.txt; echo b > /etc/nope; mkdir d'] },
      normalizeSandboxOptions({ network: false })!,
      { cwd },
    );
    const traced = await wrapInTrace(sandboxed, { traceFile });
    try {
      if ('unavailable' in traced) throw new Error(traced.unavailable);
      await new Promise((resolve) => spawn(traced.file, traced.args, { cwd, stdio: 'ignore' }).on('close', resolve));
      const summary = await summarizeTrace(traceFile, { cwd, launchers: sandboxed.launchers });
      expect(summary.processes.items.map((path) => path.split('/').pop())).toEqual(['bash', 'mkdir']);
      expect(summary.filesCreated.items.sort()).toEqual([join(cwd, 'd'), join(cwd, 'made.txt')]);
      expect(summary.filesWritten.items).toEqual([join(cwd, 'made.txt')]);
    } finally {
      await sandboxed.cleanup();
      rmSync(cwd, { recursive: true, force: true });
      rmSync(records, { recursive: true, force: true });
    }
  });
});
