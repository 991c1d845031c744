import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTools } from '../../src/index.js';
import { PNG_1PX } from '../helpers/images.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';
import { toolbox } from './helpers/tools.js';

const tempDir = useTempDirs();
const runShell = useShells();
const tools = (options: Parameters<typeof toolbox>[1] = {}) => {
  const cwd = tempDir();
  return { cwd, call: toolbox(runShell(cwd, tempDir()), options) };
};

describe('seed 001 result fields', () => {
  it('says auto_shell when shell syntax chose bash, and keeps pid only where it can be acted on', async () => {
    const { call } = tools();
    const piped = await call('sh_run', { command: 'echo a | tr a b' });
    expect(piped.body).toMatchObject({ exit: 0, stdout: 'b\n', shell_kind: 'bash', auto_shell: true });
    expect(piped.body.pid).toBeUndefined();
    const direct = await call('sh_run', { command: 'echo plain' });
    expect(direct.body.auto_shell).toBeUndefined();
    const job = await call('sh_run', { command: 'sleep 5', run_in_background: true });
    expect(job.body.pid).toEqual(expect.any(Number));
    const timedOut = await call('sh_run', { command: 'sleep 5 && echo late', timeout_ms: 300 });
    expect(timedOut.body).toMatchObject({ timed_out: true, pid: expect.any(Number) });
    await call('sh_kill', { job_id: job.body.job_id });
  });

  it('flags a truncated stream beside its byte count', async () => {
    const { call } = tools();
    const result = await call('sh_run', { command: 'head -c 400000 /dev/zero | tr "\\0" x', full: true });
    expect(result.body).toMatchObject({ stdout_truncated: true, stdout_truncated_bytes: expect.any(Number) });
    expect(result.body.stderr_truncated).toBeUndefined();
  });
});

describe('seed 003 raw, inline and terse text', () => {
  const lines = 'seq 1 3000';

  it('returns the streams verbatim with raw, as full does', async () => {
    const { call } = tools();
    const condensed = await call('sh_run', { command: lines });
    const raw = await call('sh_run', { command: lines, raw: true });
    expect(condensed.body.stdout.length).toBeLessThan(raw.body.stdout.length);
    expect(raw.body.stdout.split('\n')).toHaveLength(3001);
    expect((await call('sh_run', { command: lines, raw: true, full: true })).body.error.message).toBe(
      'Give `full` or `raw`, not both',
    );
  });

  it('returns verbatim up to the inline cap, and only the head and tail of a larger stream', async () => {
    const { call } = tools({ inlineMaxBytes: 4096 });
    const small = await call('sh_run', { command: 'seq 1 500', inline: true });
    expect(small.body.stdout.split('\n')).toHaveLength(501);
    const large = await call('sh_run', { command: lines, inline: true });
    expect(large.body).toMatchObject({ stdout_truncated: true });
    expect(Buffer.byteLength(large.body.stdout)).toBeLessThan(4096 + 400);
    expect(large.body.stdout).toMatch(/^1\n2\n/);
    expect(large.body.stdout).toMatch(/2999\n3000\n$/);
    expect((await call('sh_run', { command: 'true', inline: true, raw: true })).isError).toBe(true);
  });

  it("gives [exit:N]-style text with format: 'text', the structured result unchanged", async () => {
    const { call } = tools({ format: 'text' });
    const ok = await call('sh_run', { command: 'echo hi' });
    expect(ok.content[0].text).toBe('hi');
    expect(ok.body).toMatchObject({ exit: 0, ok: true, stdout: 'hi\n' });
    expect((await call('sh_run', { command: 'true' })).content[0].text).toBe('[ok]');
    const failed = await call('sh_run', { command: 'echo oops >&2; exit 3' });
    expect(failed.content[0].text).toMatch(/^\[stderr\]\noops\n\[exit:3\] .*\[id:r[0-9a-z]+\]$/);
    const noMatch = await call('sh_run', { command: 'grep -q nothing /dev/null' });
    expect(noMatch.content[0].text).toBe('[exit:1] [ok] No matches found');
    const refused = await call('sh_run', { command: 'true', timeout_ms: -1 });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^\[error:TypeError\] Expected `timeout_ms`/);
  });
});

describe("the claude-code dialect (seed 002's Bash result)", () => {
  it('adds interrupted, returnCodeInterpretation and backgroundTaskId beside the tersh fields', async () => {
    const { call } = tools({ dialect: 'claude-code' });
    const ok = await call('sh_run', { command: 'true', description: 'nothing' });
    expect(ok.body).toMatchObject({ exit: 0, ok: true, stdout: '', stderr: '', interrupted: false });
    expect(ok.body.returnCodeInterpretation).toBeUndefined();
    const failed = await call('sh_run', { command: 'exit 4' });
    expect(failed.body).toMatchObject({ exit: 4, interrupted: false, returnCodeInterpretation: 'Exited with code 4' });
    const missing = await call('sh_run', { command: 'no-such-program-xyz' });
    expect(missing.body.returnCodeInterpretation).toMatch(/Command not found/);
    const slow = await call('sh_run', { command: 'sleep 5 && echo late', timeout: 300 });
    expect(slow.body).toMatchObject({ timed_out: true, interrupted: true });
    const job = await call('sh_run', { command: 'sleep 5', run_in_background: true });
    expect(job.body.backgroundTaskId).toBe(job.body.job_id);
    expect(job.body.returnCodeInterpretation).toBeUndefined();
    await call('sh_kill', { job_id: job.body.job_id });
  });

  it('leaves the default dialect without those fields and refuses an unknown one', async () => {
    const { call } = tools();
    const result = await call('sh_run', { command: 'exit 4' });
    expect(result.body.interrupted).toBeUndefined();
    expect(result.body.returnCodeInterpretation).toBeUndefined();
    expect(() => createTools(runShell(tempDir(), tempDir()), { dialect: 'bash' as never })).toThrow(
      "Expected `dialect` to be one of 'tersh', 'claude-code'",
    );
    expect(() => createTools(runShell(tempDir(), tempDir()), { format: 'yaml' as never })).toThrow(
      "Expected `format` to be one of 'json', 'text'",
    );
  });
});

describe('an image on stdout through the tools', () => {
  it('comes as an MCP image block, not base64 in the text; isImage in the claude-code dialect', async () => {
    const { cwd, call } = tools({ dialect: 'claude-code' });
    writeFileSync(join(cwd, 'shot.png'), PNG_1PX);
    for (const command of ['cat shot.png', 'base64 shot.png']) {
      const result = await call('sh_run', { command });
      expect(result.content).toHaveLength(2);
      expect(result.content[1]).toEqual({ type: 'image', data: PNG_1PX.toString('base64'), mimeType: 'image/png' });
      expect(result.body.stdout_image).toEqual({ mime_type: 'image/png', bytes: PNG_1PX.length });
      expect(result.body.isImage).toBe(true);
      expect(result.content[0].text).not.toContain(PNG_1PX.toString('base64').slice(0, 20));
    }
  });
});
