import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTools } from '../../src/tools/index.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from './helpers/run-shell.js';

const tempDir = useTempDirs();
const runShell = useShells();
const runTool = () => createTools(runShell(tempDir(), tempDir()), { include: ['sh_run'] })[0]!;

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await delay(25);
  }
}

describe('sh_run cancellation', () => {
  it('kills the whole process group when the signal aborts, and resolves with canceled: true', async () => {
    const marker = uniqueSleepSeconds();
    const controller = new AbortController();
    const pending = runTool().handler(
      { command: `sh -c 'sleep ${marker}' & sleep ${marker}; wait` },
      { signal: controller.signal },
    );
    await waitFor(() => livePidsWith(`sleep ${marker}`).length >= 3);
    const started = Date.now();
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ canceled: true, ok: false, exit: null });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(livePidsWith(`sleep ${marker}`)).toEqual([]);
  });

  it('does not start a command whose signal is already aborted', async () => {
    const marker = uniqueSleepSeconds();
    const result = await runTool().handler({ command: `sleep ${marker}; echo late` }, { signal: AbortSignal.abort() });
    expect(result.structuredContent).toMatchObject({ canceled: true, ok: false });
    expect(result.structuredContent.stdout).toBeUndefined();
    expect(livePidsWith(`sleep ${marker}`)).toEqual([]);
  });

  it('answers a malformed extra with a readable error naming the field', async () => {
    const tool = runTool();
    const bad = await tool.handler({ command: 'true' }, { signal: 'stop' as unknown as AbortSignal });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({
      error: { type: 'TypeError', message: 'Expected `extra.signal` to be an AbortSignal, got `stop` (string)' },
    });
    const notObject = await tool.handler({ command: 'true' }, 5 as never);
    expect((notObject.structuredContent as { error: { message: string } }).error.message).toBe(
      'Expected `extra` to be an object, got `5` (number)',
    );
  });

  it('reads only signal and onProgress from an MCP-shaped extra', async () => {
    const extra = { signal: new AbortController().signal, requestId: 7, sendNotification: async () => undefined, _meta: {} };
    const result = await runTool().handler({ command: 'echo hi' }, extra as never);
    expect(result.structuredContent).toMatchObject({ exit: 0, ok: true, stdout: 'hi\n' });
  });
});
