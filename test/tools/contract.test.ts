import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createShell, type Shell } from '../../src/shell/index.js';
import { createTools } from '../../src/tools/index.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const shells: Shell[] = [];
afterEach(async () => {
  await Promise.all(shells.splice(0).map((shell) => shell.close()));
});

function tools() {
  const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
  shells.push(shell);
  const defs = createTools(shell);
  return async (name: string, args: unknown) => (await defs.find((tool) => tool.name === name)!.handler(args)).structuredContent;
}

describe("the tools keep the seeds' contract", () => {
  it('sh_kill with SIGTERM ends a job that ignores it (KILL after the grace)', async () => {
    const call = tools();
    const marker = `sleep ${uniqueSleepSeconds()}`;
    const started = await call('sh_run', { command: `trap '' TERM; ${marker}; true`, run_in_background: true });
    expect(started).toMatchObject({ status: 'running', job_id: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const killed = await call('sh_kill', { job_id: started.job_id });
    expect(killed).toMatchObject({ signal: 'SIGTERM', status: 'killed' });
    expect(livePidsWith(marker)).toEqual([]);
  });

  it("sh_plan gives seed 000's single warning beside the list", async () => {
    const call = tools();
    const planned = await call('sh_plan', { command: 'rm -rf build' });
    expect(planned.warning).toBe((planned.warnings as string[])[0]);
    expect(planned.warning).toBeTruthy();
    expect((await call('sh_plan', { command: 'ls' })).warning).toBeUndefined();
  });

  it('sh_run refuses expectations on a background run instead of dropping them', async () => {
    const call = tools();
    const answer = await call('sh_run', { command: 'true', run_in_background: true, expect: { exit: 0 } });
    expect(answer).toMatchObject({ error: { type: 'TypeError', message: expect.stringContaining('would go unchecked') } });
  });
});
