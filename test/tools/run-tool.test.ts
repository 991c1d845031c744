import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const runShell = useShells();
const setup = () => toolbox(runShell(tempDir(), tempDir()));

describe('sh_run', () => {
  it('runs a command and returns the quiet result in snake_case, as compact JSON text too', async () => {
    const call = setup();
    const result = await call('sh_run', { command: 'echo hello; exit 3' });
    expect(result.isError).toBe(false);
    expect(result.body).toMatchObject({ exit: 3, ok: false, shell_kind: 'bash', stdout: 'hello\n' });
    expect(result.body.id).toMatch(/\S/);
    expect(JSON.parse(result.content[0].text)).toEqual(result.body);
    expect(result.content[0].text).not.toContain('\n  ');
  });

  it("accepts Claude Code's Bash names: cmd, timeout in ms, and description kept in the record", async () => {
    const call = setup();
    const result = await call('sh_run', { cmd: 'sleep 5; echo never', timeout: 300, description: 'wait a bit' });
    expect(result.isError).toBe(false);
    expect(result.body).toMatchObject({ timed_out: true, exit: null });
    expect(result.body.description).toBeUndefined();
    expect(result.body.ms).toBeLessThan(4000);
    const meta = await call('sh_detail', { id: result.body.id, selector: 'meta' });
    expect(meta.content[0].text).toContain('wait a bit');
  });

  it('refuses an alias and its name together instead of picking one', async () => {
    const call = setup();
    const both = await call('sh_run', { command: 'echo a', cmd: 'echo b' });
    expect(both.isError).toBe(true);
    expect(both.body.error.message).toBe('Give `command` or `cmd`, not both');
    const timeouts = await call('sh_run', { command: 'echo a', timeout: 10, timeout_ms: 10 });
    expect(timeouts.body.error.message).toBe('Give `timeout_ms` or `timeout`, not both');
  });

  it.each([
    [{ command: 'echo', colour: 'red' }, /^Unknown option `colour`; expected one of: command, cmd/],
    [
      { command: 'echo', expect: { stdoutContains: 'x' } },
      /^Unknown option `expect.stdoutContains`; expected one of: exit, stdout_contains/,
    ],
    [{ command: 'echo', timeout_ms: -5 }, /^Expected `timeout_ms` to be an integer from 0 to 3600000, got `-5` \(number\)$/],
    [{ command: 'echo', timeout: '5s' }, /^Expected `timeout` to be an integer from 0 to 3600000, got `5s` \(string\)$/],
    [{ command: 42 }, /^Expected `command` to be a non-empty string of at most 1000000 characters, got `42` \(number\)$/],
    [{}, /^Expected `command` to be a non-empty string, got `undefined`/],
    [{ command: 'echo', env: { A: 1 } }, /^Expected `env.A` to be a string, got `1` \(number\)$/],
    [{ command: 'echo', expect: { exit: [0, 300] } }, /^Expected `expect.exit\[1\]` to be an integer from 0 to 255/],
    [{ command: 'echo', sandbox: 'yes' }, /^Expected `sandbox` to be a boolean or a plain object/],
    [{ command: 'echo', run_in_background: 'true' }, /^Expected `run_in_background` to be a boolean/],
    ['echo hi', /^Expected `arguments` to be a plain object/],
  ])('rejects %j with an error naming the field', async (args, message) => {
    const call = setup();
    const result = await call('sh_run', args);
    expect(result.isError).toBe(true);
    expect(result.body.error.type).toBe('TypeError');
    expect(result.body.error.message).toMatch(message);
  });

  it('runs in a cwd relative to the shell and reports a missing one in snake_case terms', async () => {
    const root = tempDir();
    const call = toolbox(runShell(root, tempDir()));
    const missing = await call('sh_run', { command: 'pwd', cwd: 'nowhere' });
    expect(missing.isError).toBe(true);
    expect(missing.body.error.message).toMatch(/^Expected `cwd` to be an existing directory/);
    await call('sh_run', { command: 'mkdir sub' });
    const inside = await call('sh_run', { command: 'pwd', cwd: 'sub' });
    expect(inside.body.stdout.trim()).toBe(join(root, 'sub'));
  });

  it('checks snake_case expectations in the same call', async () => {
    const call = setup();
    const result = await call('sh_run', {
      command: 'echo built > out.txt',
      expect: { exit: 0, file_exists: 'out.txt', stdout_contains: 'nope' },
    });
    expect(result.isError).toBe(false);
    expect(result.body.assert_ok).toBe(false);
    expect(result.body.assertions_failed).toHaveLength(1);
    expect(result.body.assertions_failed[0]).toMatch(/nope/);
  });

  it('retries with retries, retry_on_exit and backoff_ms', async () => {
    const root = tempDir();
    const call = toolbox(runShell(root, tempDir()));
    const script = 'n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; [ $n -ge 3 ] || exit 7';
    const result = await call('sh_run', { command: script, retries: 3, retry_on_exit: 7, backoff_ms: 0 });
    expect(result.body).toMatchObject({ exit: 0, ok: true, attempts: 3 });
    expect(existsSync(join(root, 'n'))).toBe(true);
  });

  it('passes env and input through', async () => {
    const call = setup();
    const result = await call('sh_run', { command: 'cat; echo " $GREETING"', input: 'from stdin', env: { GREETING: 'hi' } });
    expect(result.body.stdout).toBe('from stdin hi\n');
  });
});
