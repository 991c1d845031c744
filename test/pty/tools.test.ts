import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createShell, type Shell } from '../../src/shell/index.js';
import { createTools } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const shells: Shell[] = [];
afterEach(async () => {
  await Promise.all(shells.splice(0).map((shell) => shell.close()));
});

function ptyTools(names: string[] = ['sh_pty_open', 'sh_pty_run', 'sh_pty_close']) {
  const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
  shells.push(shell);
  const tools = createTools(shell, { include: names as never });
  const call = async (name: string, args: unknown) =>
    (await tools.find((tool) => tool.name === name)!.handler(args)).structuredContent;
  return { shell, tools, call };
}

describe('the sh_pty_* tools', () => {
  it('are opt-in: the default set has none', () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    shells.push(shell);
    expect(
      createTools(shell)
        .map((tool) => tool.name)
        .filter((name) => name.includes('pty')),
    ).toEqual([]);
  });

  it('open a session, run steps in snake_case, and close it', async () => {
    const { call, shell } = ptyTools();
    const opened = await call('sh_pty_open', {});
    expect(opened).toMatchObject({ session_id: expect.any(String), pid: expect.any(Number), command: 'bash' });
    const id = opened.session_id as string;
    expect(await call('sh_pty_run', { session_id: id, input: 'cd / && X=1' })).toMatchObject({
      exit: 0,
      ok: true,
      session_id: id,
    });
    expect(await call('sh_pty_run', { session_id: id, input: 'pwd; echo $X' })).toMatchObject({ exit: 0, output: '/\n1\n' });
    const slow = await call('sh_pty_run', { session_id: id, input: 'sleep 20', timeout_ms: 300 });
    expect(slow).toMatchObject({ timed_out: true, ok: false });
    expect(await call('sh_pty_close', { session_id: id })).toEqual({ session_id: id, closed: true });
    expect(shell.pty.list()).toEqual([]);
    const after = await call('sh_pty_run', { session_id: id, input: 'true' });
    expect(after).toMatchObject({ error: { type: 'TershError', code: 'PTY_NOT_FOUND' } });
  });

  it('drive a REPL by its prompt', async () => {
    const { call } = ptyTools();
    const { session_id } = await call('sh_pty_open', { command: 'python3', prompt: '>>> ' });
    expect(await call('sh_pty_run', { session_id, input: 'print(2 ** 10)' })).toMatchObject({ ok: true, output: '1024\n' });
  });

  it("answer to seed 001's names", async () => {
    const { call, tools } = ptyTools(['terminal_pty_open', 'terminal_pty_run', 'terminal_pty_close']);
    expect(tools.map((tool) => tool.name)).toEqual(['terminal_pty_open', 'terminal_pty_run', 'terminal_pty_close']);
    const { session_id } = await call('terminal_pty_open', {});
    expect(await call('terminal_pty_run', { session_id, input: 'echo seed' })).toMatchObject({ output: 'seed\n' });
    expect(await call('terminal_pty_close', { session_id })).toMatchObject({ closed: true });
  });

  it('answer bad arguments with a typed error naming the field', async () => {
    const { call } = ptyTools();
    expect(await call('sh_pty_open', { cols: 'wide' })).toMatchObject({
      error: { type: 'TypeError', message: expect.stringContaining('`cols`') },
    });
    expect(await call('sh_pty_run', { input: 'x' })).toMatchObject({
      error: { type: 'TypeError', message: expect.stringContaining('`session_id`') },
    });
    expect(await call('sh_pty_run', { session_id: 'nope', input: 'x', timeout_ms: -1 })).toMatchObject({
      error: { type: 'TypeError' },
    });
    expect(await call('sh_pty_run', { session_id: 'nope', input: 'x' })).toMatchObject({ error: { code: 'PTY_NOT_FOUND' } });
  });
});

describe('sh_pty_run cancellation', () => {
  it('an aborted call interrupts the step and resolves with canceled', async () => {
    const { tools } = ptyTools();
    const open = tools.find((tool) => tool.name === 'sh_pty_open')!;
    const runTool = tools.find((tool) => tool.name === 'sh_pty_run')!;
    const { session_id } = (await open.handler({})).structuredContent as { session_id: string };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const result = (await runTool.handler({ session_id, input: 'sleep 30', timeout_ms: 20_000 }, { signal: controller.signal }))
      .structuredContent;
    expect(result).toMatchObject({ canceled: true, ok: false });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await runTool.handler({ session_id, input: 'echo alive' })).structuredContent).toMatchObject({ output: 'alive\n' });
  });
});
