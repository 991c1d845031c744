import { describe, expect, it } from 'vitest';
import { isTershError } from '../../src/errors.js';
import { normalizeSandboxOptions, sandboxSupport, wrapInSandbox } from '../../src/sandbox/index.js';

const options = normalizeSandboxOptions(true)!;
const command = { file: 'true', args: [] };

describe('sandboxSupport', () => {
  it('finds a working bubblewrap on this Linux machine', async () => {
    expect(await sandboxSupport()).toMatchObject({ available: true, kind: 'bubblewrap' });
  });

  it('says bubblewrap is missing and how to install it', async () => {
    const support = await sandboxSupport({ bwrapPath: '/nonexistent/bwrap' });
    expect(support).toMatchObject({ available: false });
    expect(support.reason).toContain('/nonexistent/bwrap');
    expect(support.install).toContain('apt-get install bubblewrap');
  });

  it('reports a bubblewrap that fails its probe, with what it said', async () => {
    const support = await sandboxSupport({ bwrapPath: '/bin/false' });
    expect(support).toMatchObject({ available: false, path: '/bin/false' });
    expect(support.reason).toContain('failed its probe');
  });

  it('offers nothing on Windows', async () => {
    expect(await sandboxSupport({ platform: 'win32' })).toMatchObject({
      available: false,
      reason: expect.stringContaining('win32'),
    });
  });
});

describe('wrapInSandbox refuses rather than run unconfined', () => {
  it.each([
    ['on Windows', { cwd: process.cwd(), platform: 'win32' as const }],
    ['without bubblewrap', { cwd: process.cwd(), bwrapPath: '/nonexistent/bwrap' }],
    ['on an architecture without a unix-socket filter', { cwd: process.cwd(), arch: 'riscv64' }],
  ])('throws SANDBOX_UNAVAILABLE %s', async (_case, context) => {
    const failure = await wrapInSandbox(command, options, context).catch((error: unknown) => error);
    expect(isTershError(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'SANDBOX_UNAVAILABLE',
      message: expect.stringMatching(/^Cannot run sandboxed: .+(Install|Run|allowUnixSockets)/),
    });
  });
});
