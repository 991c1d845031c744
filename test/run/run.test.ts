import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

describe('run', () => {
  it('executes a command without shell syntax directly', async () => {
    const result = await run('echo hello world', { store: store() });
    expect(result).toMatchObject({ exit: 0, ok: true, shellKind: 'direct', stdout: 'hello world\n' });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.id).toMatch(/^r[0-9a-z]+$/);
  });

  it('runs shell syntax through bash and says so', async () => {
    const result = await run('echo one; echo two | tr a-z A-Z', { store: store() });
    expect(result).toMatchObject({ exit: 0, shellKind: 'bash', stdout: 'one\nTWO\n' });
  });

  it("reports a missing program with the shell's exit 127", async () => {
    const result = await run('no-such-program-xyz --flag', { store: store() });
    expect(result.exit).toBe(127);
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('no-such-program-xyz');
  });

  it('returns at once from cat with no input, because stdin is /dev/null', async () => {
    const started = Date.now();
    const result = await run('cat', { store: store(), timeoutMs: 10_000 });
    expect(result.exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('writes `input` to stdin and closes it', async () => {
    const result = await run('tr a-z A-Z', { store: store(), input: 'shout\n' });
    expect(result.stdout).toBe('SHOUT\n');
  });

  it('survives a child that exits without reading its input (EPIPE)', async () => {
    const result = await run('true', { store: store(), input: 'x'.repeat(4 * 1024 * 1024) });
    expect(result.exit).toBe(0);
  });

  it('gives the child a non-interactive environment the caller can extend and override', async () => {
    const result = await run('env', { store: store(), env: { EXTRA: 'yes', PAGER: 'less' } });
    const lines = (result.stdout ?? '').split('\n');
    for (const line of [
      'GIT_PAGER=cat',
      'GIT_EDITOR=true',
      'GIT_TERMINAL_PROMPT=0',
      'GIT_MERGE_AUTOEDIT=no',
      'DEBIAN_FRONTEND=noninteractive',
      'NO_COLOR=1',
      'EXTRA=yes',
      'PAGER=less',
    ]) {
      expect(lines).toContain(line);
    }
  });

  it('removes ZDOTDIR and ZSH_* from the inherited environment', async () => {
    process.env.ZDOTDIR = '/tmp/zdot';
    process.env.ZSH_THEME = 'agnoster';
    try {
      const result = await run('env', { store: store() });
      expect(result.stdout).not.toMatch(/ZDOTDIR|ZSH_THEME/);
    } finally {
      delete process.env.ZDOTDIR;
      delete process.env.ZSH_THEME;
    }
  });

  it('runs git log in a repository with many commits without paging', async () => {
    const repo = tempDir();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
    git('init', '-q');
    for (let i = 0; i < 60; i++) {
      writeFileSync(join(repo, 'f.txt'), String(i));
      git('commit', '-qam', `commit ${i}`, '--allow-empty');
    }
    const result = await run('git log', { store: store(), cwd: repo, timeoutMs: 10_000 });
    expect(result.exit).toBe(0);
    expect(result.timedOut).toBeUndefined();
    expect(result.stdout).toContain('commit 0');
  });

  it('runs in the given cwd', async () => {
    const dir = tempDir();
    const result = await run('pwd', { store: store(), cwd: dir });
    expect(result.stdout?.trim()).toBe(dir);
  });

  it('makes bash report a failing pipeline segment with pipefail', async () => {
    expect((await run('false | cat', { store: store() })).exit).toBe(0);
    expect((await run('false | cat', { store: store(), pipefail: true })).exit).toBe(1);
  });

  it('refuses a bare sleep of two seconds or more without running it', async () => {
    const result = await run('sleep 30', { store: store() });
    expect(result).toMatchObject({ blocked: true, ok: false, exit: null });
    expect(result.hint).toContain('in the background');
    expect((await run('sleep 0.1', { store: store() })).exit).toBe(0);
  });

  it('decodes non-UTF-8 output with a legacy code page', async () => {
    const result = await run("printf 'caf\\351 cr\\350me\\n'", { store: store() });
    expect(result.stdout).toBe('café crème\n');
  });

  it('decodes with the encoding the caller names', async () => {
    const result = await run("printf '\\x8f\\xe0\\xa8\\xa2\\xa5\\xe2\\n'", { store: store(), encoding: 'cp866' });
    expect(result.stdout).toBe('Привет\n');
  });

  it('detects binary output and never dumps it as text', async () => {
    const result = await run('head -c 5000 /dev/urandom', { store: store() });
    expect(result.stdoutBinary).toBe(true);
    expect(result.stdout).toMatch(/^\[binary output: 5000 bytes/);
  });

  it('strips ANSI escapes from the view but keeps the raw bytes in the record', async () => {
    const records = store();
    const result = await run("printf '\\033[31mred\\033[0m\\n'", { store: records });
    expect(result.stdout).toBe('red\n');
    expect(await records.detail(result.id)).toBe('\u001b[31mred\u001b[0m\n');
  });

  it('caps the inline view and reports exactly how many bytes it left out', async () => {
    const records = store();
    const result = await run('seq 1 200000', { store: records, inlineMaxBytes: 4096, full: true });
    const total = Buffer.byteLength(execFileSync('seq', ['1', '200000'], { maxBuffer: 1 << 24 }));
    expect(result.stdoutTruncatedBytes).toBe(total - 4096);
    expect(result.stdoutLines).toBe(200000);
    expect(result.stdout).toMatch(/^1\n2\n/);
    expect(result.stdout).toMatch(/199999\n200000\n$/);
    expect(result.stdout).toContain(`read("${result.id}", "stdout", { offset: 2048 })`);
    const page = await records.read(result.id, 'stdout', { offset: 2048, maxBytes: 100 });
    expect('data' in page && page.data.length).toBe(100);
  });
});

describe('run options', () => {
  it.each([
    [{ timeoutMs: -5 }, 'Expected `timeoutMs` to be an integer from 1 to 600000, got `-5` (number)'],
    [{ timeoutMs: 700_000 }, '`timeoutMs`'],
    [{ timeoutMs: 700_000, maxTimeoutMs: 800_000, killGraceMs: 'x' }, 'Expected `killGraceMs`'],
    [{ cwd: '/no/such/dir' }, 'Expected `cwd` to be an existing directory, got `/no/such/dir` (string)'],
    [{ env: { A: 1 } }, 'Expected `env.A` to be a string, got `1` (number)'],
    [
      { env: { 'PATH=/x:': 'y' } },
      'Expected `env` to be an object whose keys are non-empty and have no `=` or NUL character, got `PATH=/x:` (string)',
    ],
    [{ env: { 'A\0B': 'y' } }, 'Expected `env` to be an object whose keys are non-empty and have no `=` or NUL character'],
    [{ env: { '': 'y' } }, 'Expected `env` to be an object whose keys are non-empty'],
    [{ env: { A: 'x\0y' } }, 'Expected `env.A` to be a string without NUL characters'],
    [{ shell: 'zsh' }, "Expected `shell` to be one of 'bash', 'sh', 'powershell', 'cmd', got `zsh` (string)"],
    [{ encoding: 'klingon' }, 'Expected `encoding`'],
    [{ timeout: 5 }, 'Unknown option `timeout`'],
    [{ signal: 'abort' }, 'Expected `signal` to be an AbortSignal'],
    [{ input: 42 }, 'Expected `input`'],
    [{ store: {} }, 'Expected `store`'],
  ])('rejects %j with a TypeError naming the field', async (options, message) => {
    await expect(run('true', options as never)).rejects.toThrow(TypeError);
    await expect(run('true', options as never)).rejects.toThrow(message);
  });

  it('does not let an env key with `=` replace another variable (PATH=/x: once replaced PATH)', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    await expect(run('echo "$PATH"', { store, env: JSON.parse('{"PATH=/x:": "y"}') })).rejects.toThrow(TypeError);
    const plain = await run('echo "$PATH"', { store });
    expect(plain.stdout).not.toMatch(/^\/x:/);
  });

  it.each([[''], ['   '], [42], ['a\0b']])('rejects the command %j', async (command) => {
    await expect(run(command as never)).rejects.toThrow(TypeError);
  });
});
