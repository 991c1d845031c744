import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapInTrace } from '../../src/trace/index.js';

const command = { file: 'true', args: [] };

describe('wrapInTrace', () => {
  it('wraps the command with every flag this strace supports', async () => {
    const traced = await wrapInTrace(command, { traceFile: '/tmp/t.txt' });
    expect(traced).toEqual({
      file: expect.stringMatching(/strace$/),
      args: [
        '-f',
        '-qq',
        '--seccomp-bpf',
        '-yy',
        '-y',
        '-e',
        'trace=%file,%process,%network,fchdir',
        '-o',
        '/tmp/t.txt',
        '--',
        'true',
      ],
    });
  });

  it('says strace is missing and how to install it', async () => {
    const traced = await wrapInTrace(command, { traceFile: '/tmp/t.txt', stracePath: '/nonexistent/strace' });
    expect(traced).toEqual({ unavailable: expect.stringMatching(/not found.*apt-get install strace/) });
  });

  it('says ptrace is denied when strace cannot attach', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tersh-fake-strace-'));
    const fake = join(dir, 'strace');
    // Stands in for strace in a container without CAP_SYS_PTRACE: what it prints there, verbatim.
    writeFileSync(
      fake,
      '#!/bin/sh\necho "strace: test_ptrace_get_syscall_info: PTRACE_TRACEME: Operation not permitted" >&2\nexit 1\n',
    );
    chmodSync(fake, 0o755);
    try {
      const traced = await wrapInTrace(command, { traceFile: '/tmp/t.txt', stracePath: fake });
      expect(traced).toEqual({
        unavailable: expect.stringMatching(/^ptrace is denied here .*PTRACE_TRACEME: Operation not permitted$/),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is unavailable off Linux', async () => {
    expect(await wrapInTrace(command, { traceFile: '/tmp/t.txt', platform: 'darwin' })).toEqual({
      unavailable: expect.stringContaining('Linux-only'),
    });
  });
});
