import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useShell } from './helpers.js';

const fixture = useShell();

describe('the session working directory', () => {
  it('follows a command that ends elsewhere, as in a terminal', async () => {
    const { shell, root } = fixture();
    const moved = await shell.run('cd sub && echo here');
    expect(moved).toMatchObject({ exit: 0, stdout: 'here\n', shellKind: 'bash' });
    expect(shell.cwd).toBe(join(root, 'sub'));
    const next = await shell.run('pwd');
    expect(next.stdout).toBe(`${join(root, 'sub')}\n`);
    await shell.run('cd deeper');
    expect(shell.cwd).toBe(join(root, 'sub', 'deeper'));
    await shell.run('cd ../..');
    expect(shell.cwd).toBe(root);
  });

  it('stays put when the cd fails, and keeps the output and exit status as they were', async () => {
    const { shell, root } = fixture();
    const failed = await shell.run('cd nowhere && echo unreachable');
    expect(failed.exit).toBe(1);
    expect(failed.stdout).toBeUndefined();
    expect(failed.stderr).toMatch(/nowhere: No such file or directory/);
    expect(shell.cwd).toBe(root);
  });

  it('moves on a command that fails after its cd, as a terminal would', async () => {
    const { shell, root } = fixture();
    const result = await shell.run('cd sub; exit 7');
    expect(result.exit).toBe(7);
    expect(shell.cwd).toBe(join(root, 'sub'));
  });

  it('does not move for a cd inside a subshell', async () => {
    const { shell, root } = fixture();
    await shell.run('(cd sub && true)');
    expect(shell.cwd).toBe(root);
  });

  it('does not move for a per-call cwd, which is resolved against the session', async () => {
    const { shell, root } = fixture();
    const result = await shell.run('pwd', { cwd: 'sub' });
    expect(result.stdout).toBe(`${join(root, 'sub')}\n`);
    await shell.run('cd deeper', { cwd: 'sub' });
    expect(shell.cwd).toBe(root);
  });

  it('runs direct-argv commands untouched and reports them honestly', async () => {
    const { shell, root } = fixture();
    const result = await shell.run('pwd');
    expect(result.shellKind).toBe('direct');
    expect(result.stdout).toBe(`${root}\n`);
  });

  it('keeps the trap out of nested bash scripts and out of the environment', async () => {
    const { shell, root } = fixture();
    const result = await shell.run(
      'cd sub && bash -c "cd /; echo nested" && echo "${BASH_ENV:-none} ${TERSH_SESSION_OUT:-none}"',
    );
    expect(result.stdout).toBe('nested\nnone none\n');
    expect(shell.cwd).toBe(join(root, 'sub'));
  });

  it('keeps a signal exit as it was', async () => {
    const { shell } = fixture();
    const result = await shell.run('kill -TERM $$');
    expect(result.status).toBe('signal');
  });

  it('does not move for a background job or a promoted run', async () => {
    const { shell, root } = fixture();
    const background = await shell.run('cd sub', { background: true });
    await shell.jobs.logs(background.jobId!, { waitUntilExit: true });
    const promoted = await shell.run('cd sub && sleep 0.5', { autoBackgroundAfterMs: 100 });
    expect(promoted.autoBackgrounded).toBe(true);
    await shell.jobs.logs(promoted.jobId!, { waitUntilExit: true });
    await shell.run('true');
    expect(shell.cwd).toBe(root);
  });
});

describe('the session environment', () => {
  it('keeps exported variables only when persistEnv is on', async () => {
    const { shell: keeping } = fixture({ persistEnv: true, env: { PRESET: 'one' } });
    await keeping.run('export GREETING="hello world"; unset PRESET; export NOT_EXPORTED_LATER=1; LOCAL_ONLY=2');
    const seen = await keeping.run('echo "$GREETING|${PRESET:-gone}|${LOCAL_ONLY:-none}"');
    expect(seen.stdout).toBe('hello world|gone|none\n');

    const { shell: plain } = fixture();
    await plain.run('export GREETING=hello');
    expect((await plain.run('echo "${GREETING:-unset}"')).stdout).toBe('unset\n');
  });

  it('gives per-call env to one command only', async () => {
    const { shell } = fixture({ persistEnv: true });
    await shell.run('true', { env: { ONCE: 'x' } });
    expect((await shell.run('echo "${ONCE:-none}"')).stdout).toBe('none\n');
  });
});

describe('the session working directory under a sandbox', () => {
  it('stays put for a sandboxed run, with nothing added to its output', async () => {
    const { shell, root } = fixture();
    const result = await shell.run('cd sub && echo in', { sandbox: true });
    expect(result).toMatchObject({ exit: 0, stdout: 'in\n', sandboxed: true });
    expect(result.stderr).toBeUndefined();
    expect(shell.cwd).toBe(root);
  });
});
