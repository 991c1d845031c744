import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { compiled } from '../helpers/compiled.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const main = compiled('src/cli/main.ts');

/** Runs the CLI as a real child process, compiled as `dist/cli/main.js` (what the package's bin points to) is. */
async function tersh(args: string[], options: { cwd?: string; state?: string } = {}) {
  const state = options.state ?? tempDir('tersh-cli-state-');
  const result = await execa(process.execPath, [main, ...args], {
    cwd: options.cwd ?? tempDir(),
    reject: false,
    env: { TERSH_STORE_DIR: join(state, 'records'), TERSH_CHECKPOINT_DIR: join(state, 'checkpoints') },
    timeout: 60_000,
  });
  const json = () => JSON.parse(result.stdout) as Record<string, any>;
  return { status: result.exitCode, stdout: result.stdout, stderr: result.stderr, json };
}

describe('tersh run', () => {
  it("prints the quiet result as one line of JSON and exits with the command's status", async () => {
    const result = await tersh(['run', 'echo hello; exit 3']);
    expect(result.status).toBe(3);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.json()).toMatchObject({ exit: 3, ok: false, stdout: 'hello\n', shell_kind: 'bash' });
  });

  it('exits 124 on a timeout and takes the words of a command after --', async () => {
    const result = await tersh(['run', '--timeout-ms', '300', '--', 'sh', '-c', 'sleep 5; echo never']);
    expect(result.status).toBe(124);
    expect(result.json()).toMatchObject({ timed_out: true, exit: null });
  });

  it('prints the streams as they are and a status line with --pretty', async () => {
    const result = await tersh(['run', '--pretty', 'echo out; echo err >&2; exit 4']);
    expect(result.status).toBe(4);
    expect(result.stdout).toBe('out');
    expect(result.stderr).toMatch(/^err\n── exit 4 · failed · \d+ ms · id \S+/);
  });

  it('checks expectations given as flags and exits 1 when they fail on exit 0', async () => {
    const result = await tersh(['run', '--expect-exit', '0', '--expect-stdout-contains', 'absent', 'echo present']);
    expect(result.status).toBe(1);
    expect(result.json()).toMatchObject({ exit: 0, assert_ok: false });
  });

  it('rejects an unknown flag and a bad value with exit 2 and an error naming them', async () => {
    const unknown = await tersh(['run', '--colour', 'red', 'ls']);
    expect(unknown.status).toBe(2);
    expect(unknown.json().error.message).toBe('Unknown flag `--colour`; see --help');
    const bad = await tersh(['run', '--timeout-ms', 'soon', 'ls']);
    expect(bad.status).toBe(2);
    expect(bad.json().error.message).toBe('Expected `timeout_ms` to be an integer from 0 to 3600000, got `soon` (string)');
    const job = await tersh(['run', '--run-in-background', 'sleep 1']);
    expect(job.status).toBe(2);
    expect(job.json().error.message).toMatch(/^`--run-in-background` is not available here/);
  });
});

describe('tersh detail, logs and plan', () => {
  it('reads a record written by an earlier process, by id', async () => {
    const state = tempDir('tersh-cli-state-');
    const ran = await tersh(['run', 'seq 1 100'], { state });
    const id = ran.json().id as string;
    const matched = await tersh(['detail', id, '--match', '^5.$'], { state });
    expect(matched.status).toBe(0);
    expect(matched.json().text).toBe(Array.from({ length: 10 }, (_, i) => `${50 + i}: ${50 + i}`).join('\n'));
    const paged = await tersh(['logs', id, '--stdout-offset', '282', '--pretty'], { state });
    expect(paged.stdout).toContain('stdout: |\n  98\n  99\n  100');
    expect(paged.stdout).toContain('eof: true');
  });

  it('plans a destructive command without running it', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'keep.txt'), 'x');
    const result = await tersh(['plan', 'rm -rf keep.txt'], { cwd });
    expect(result.status).toBe(0);
    expect(result.json()).toMatchObject({ category: 'destructive', destructive: true });
    expect(existsSync(join(cwd, 'keep.txt'))).toBe(true);
  });
});

describe('tersh checkpoint, restore and checkpoints', () => {
  it('snapshots a folder given by --cwd and puts it back', async () => {
    const cwd = tempDir();
    const state = tempDir('tersh-cli-state-');
    writeFileSync(join(cwd, 'file.txt'), 'v1\n');
    const saved = await tersh(['checkpoint', 'before', '--cwd', cwd], { state });
    expect(saved.json()).toMatchObject({ label: 'before', entries: 2 });
    writeFileSync(join(cwd, 'file.txt'), 'v2\n');
    const restored = await tersh(['restore', '--cwd', cwd, 'before'], { state });
    expect(restored.json()).toMatchObject({ label: 'before', written: ['file.txt'] });
    expect(readFileSync(join(cwd, 'file.txt'), 'utf8')).toBe('v1\n');
    const listed = await tersh(['checkpoints', '--cwd', cwd, '--pretty'], { state });
    expect(listed.stdout).toMatch(/label: before/);
    const missing = await tersh(['restore', 'nope', '--cwd', cwd], { state });
    expect(missing.status).toBe(1);
    expect(missing.json().error.code).toBe('CHECKPOINT_NOT_FOUND');
  });
});

describe('tersh --help', () => {
  it('lists the commands, and each command its flags', async () => {
    const general = await tersh(['--help']);
    expect(general.status).toBe(0);
    for (const name of ['run', 'plan', 'detail', 'logs', 'checkpoint', 'restore', 'checkpoints'])
      expect(general.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    const run = await tersh(['run', '--help']);
    expect(run.stdout).toContain('--timeout-ms <n>');
    expect(run.stdout).toContain('--expect-file-exists <text>');
    const nothing = await tersh([]);
    expect(nothing.status).toBe(2);
    const unknown = await tersh(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.json().error.message).toMatch(/^Unknown command `frobnicate`/);
  });
});
