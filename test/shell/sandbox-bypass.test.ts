import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShell, isTershError, type Shell, type ShellOptions } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { toolbox } from '../tools/helpers/tools.js';

const tempDir = useTempDirs();

async function withShell(options: ShellOptions, body: (shell: Shell, outside: string) => Promise<void>): Promise<void> {
  const outside = tempDir();
  const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records'), ...options });
  try {
    await body(shell, outside);
  } finally {
    await shell.close();
  }
}

describe('dangerouslyDisableSandbox', () => {
  it('lifts the sandbox for one call on a shell created with allowDangerouslyDisableSandbox', async () => {
    await withShell({ sandbox: true, allowDangerouslyDisableSandbox: true }, async (shell, outside) => {
      const confined = await shell.run(`touch ${outside}/confined`);
      expect(confined.sandboxed).toBe(true);
      expect(existsSync(join(outside, 'confined'))).toBe(false);
      const lifted = await shell.run(`touch ${outside}/lifted`, { dangerouslyDisableSandbox: true });
      expect(lifted).toMatchObject({ exit: 0, ok: true });
      expect(lifted.sandboxed).toBeUndefined();
      expect(existsSync(join(outside, 'lifted'))).toBe(true);
      const next = await shell.run(`touch ${outside}/after`);
      expect(next.sandboxed).toBe(true);
      expect(existsSync(join(outside, 'after'))).toBe(false);
    });
  });

  it('is refused with SANDBOX_BYPASS_DENIED by a shell without that permission, and nothing runs', async () => {
    for (const options of [{ sandbox: true }, {}] as ShellOptions[]) {
      await withShell(options, async (shell, outside) => {
        const error = await shell
          .run(`touch ${outside}/escaped`, { dangerouslyDisableSandbox: true })
          .catch((caught: unknown) => caught);
        expect(isTershError(error) && error.code).toBe('SANDBOX_BYPASS_DENIED');
        expect((error as Error).message).toContain('allowDangerouslyDisableSandbox: true');
        expect(existsSync(join(outside, 'escaped'))).toBe(false);
      });
    }
  });

  it('comes through the tools by both spellings, refused as a typed error result', async () => {
    await withShell({ sandbox: true }, async (shell, outside) => {
      const call = toolbox(shell);
      for (const name of ['dangerously_disable_sandbox', 'dangerouslyDisableSandbox']) {
        const refused = await call('sh_run', { command: `touch ${outside}/x`, [name]: true });
        expect(refused.isError).toBe(true);
        expect(refused.body.error).toMatchObject({ type: 'TershError', code: 'SANDBOX_BYPASS_DENIED' });
      }
      expect(existsSync(join(outside, 'x'))).toBe(false);
    });
    await withShell({ sandbox: true, allowDangerouslyDisableSandbox: true }, async (shell, outside) => {
      const lifted = await toolbox(shell)('sh_run', { command: `touch ${outside}/y`, dangerouslyDisableSandbox: true });
      expect(lifted.body).toMatchObject({ exit: 0, ok: true });
      expect(existsSync(join(outside, 'y'))).toBe(true);
    });
  });

  it('checks its type and refuses a per-call sandbox beside it', async () => {
    await withShell({ sandbox: true, allowDangerouslyDisableSandbox: true }, async (shell) => {
      await expect(shell.run('true', { dangerouslyDisableSandbox: 'yes' as never })).rejects.toThrow(
        'Expected `dangerouslyDisableSandbox` to be a boolean',
      );
      await expect(shell.run('true', { dangerouslyDisableSandbox: true, sandbox: true })).rejects.toThrow(
        'Expected no `sandbox` option together with `dangerouslyDisableSandbox: true`',
      );
    });
    expect(() => createShell({ allowDangerouslyDisableSandbox: 1 as never })).toThrow(
      'Expected `allowDangerouslyDisableSandbox` to be a boolean',
    );
  });
});
