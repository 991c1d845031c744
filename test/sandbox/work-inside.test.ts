import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { normalizeSandboxOptions, wrapInSandbox } from '../../src/sandbox/index.js';
import { runSandboxed, spawnAndWait } from './run-wrapped.js';

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'tersh-sbx-work-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('ordinary work inside the sandbox', () => {
  it('writes inside cwd and the private temp dir', async () => {
    const result = await runSandboxed(
      'echo in-cwd > made.txt && echo in-tmp > "$TMPDIR/t" && echo in-slash-tmp > /tmp/u && cat "$TMPDIR/t" /tmp/u && echo "$TMPDIR"',
      cwd,
    );
    expect(result.stderr).toBe('');
    expect(result.exit).toBe(0);
    expect(result.stdout).toBe('in-tmp\nin-slash-tmp\n/tmp\n');
    expect(readFileSync(join(cwd, 'made.txt'), 'utf8')).toBe('in-cwd\n');
  });

  it.each([['/var/tmp'], [tmpdir()]])('writes to an extra writable root under %s', async (parent) => {
    const extra = mkdtempSync(join(parent, 'tersh-sbx-extra-'));
    try {
      const result = await runSandboxed(`echo extra > '${extra}/x'`, cwd, { writable: [extra] });
      expect(result.exit).toBe(0);
      expect(readFileSync(join(extra, 'x'), 'utf8')).toBe('extra\n');
    } finally {
      rmSync(extra, { recursive: true, force: true });
    }
  });

  it('runs npm --version', async () => {
    const result = await runSandboxed('npm --version', cwd, { network: false });
    expect(result.exit).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runs git init and git commit in cwd', async () => {
    const script =
      'git init -q repo && cd repo && echo a > a && git add a && git -c user.name=t -c user.email=t@t commit -q -m first && git log --format=%s';
    const result = await runSandboxed(script, cwd, { network: false });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('first');
  });

  it('removes the private temp dir on cleanup', async () => {
    const options = normalizeSandboxOptions(true)!;
    const wrapped = await wrapInSandbox({ file: 'bash', args: ['-c', 'echo x > /tmp/left-behind'] }, options, { cwd });
    const tmp = wrapped.args[wrapped.args.indexOf('/tmp') - 1] as string;
    await spawnAndWait(wrapped.file, wrapped.args, cwd);
    expect(existsSync(join(tmp, 'left-behind'))).toBe(true);
    await wrapped.cleanup();
    await wrapped.cleanup();
    expect(existsSync(tmp)).toBe(false);
  });
});

describe('killing a sandboxed run', () => {
  it('kills everything inside when the outer process group is killed', async () => {
    const tag = `${3000 + (process.pid % 997)}.${Date.now() % 1000}`;
    const options = normalizeSandboxOptions(true)!;
    const wrapped = await wrapInSandbox(
      { file: 'bash', args: ['-c', `sleep ${tag} & (setsid sleep ${tag} &) ; sleep ${tag}`] },
      options,
      { cwd },
    );
    onTestFinished(() => wrapped.cleanup());
    const child = spawn(wrapped.file, wrapped.args, { cwd, detached: true, stdio: 'ignore' });
    const running = async (): Promise<number> => {
      const found = await spawnAndWait('pgrep', ['-f', `^sleep ${tag}$`], cwd);
      return found.stdout.trim().split('\n').filter(Boolean).length;
    };
    for (let i = 0; i < 50 && (await running()) < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await running()).toBe(3);
    process.kill(-(child.pid as number), 'SIGTERM');
    await new Promise((resolve) => child.on('close', resolve));
    for (let i = 0; i < 40 && (await running()) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await running()).toBe(0);
  });
});

describe('paths given through symlinks', () => {
  it('confines a run whose cwd is reached through a symlink to the real directory', async () => {
    const real = mkdtempSync(join(tmpdir(), 'tersh-sbx-real-'));
    const alias = `${real}-alias`;
    symlinkSync(real, alias);
    try {
      const result = await runSandboxed('pwd && echo ok > through-alias', alias);
      expect(result.exit).toBe(0);
      expect(result.stdout.trim()).toBe(real);
      expect(readFileSync(join(real, 'through-alias'), 'utf8')).toBe('ok\n');
    } finally {
      rmSync(alias, { force: true });
      rmSync(real, { recursive: true, force: true });
    }
  });
});
