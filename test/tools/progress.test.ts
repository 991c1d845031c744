import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import type { RunProgress } from '../../src/run/index.js';
import { createShell, type Shell } from '../../src/shell/index.js';
import { createTools, type ToolProgress } from '../../src/tools/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const open: Shell[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((shell) => shell.close()));
});
function runTool(defaults: Record<string, unknown> = {}) {
  const state = tempDir();
  const shell = createShell({ cwd: tempDir(), storeDir: `${state}/records`, checkpointDir: `${state}/checkpoints`, defaults });
  open.push(shell);
  return createTools(shell, { include: ['sh_run'] })[0]!;
}

const TICKING = 'for i in 1 2 3 4 5 6; do echo out $i; echo err $i >&2; sleep 0.25; done';

describe('sh_run progress', () => {
  it('reports elapsed time and lines so far while a long command runs', async () => {
    const reports: ToolProgress[] = [];
    const result = await runTool({ progressIntervalMs: 300 }).handler(
      { command: TICKING },
      { onProgress: (progress) => reports.push(progress) },
    );
    expect(result.structuredContent).toMatchObject({ exit: 0, ok: true });
    expect(reports.length).toBeGreaterThanOrEqual(3);
    for (const [index, report] of reports.entries()) {
      expect(report.message).toBe(
        `${Math.round(report.elapsedMs / 1000)} s, ${report.lines} ${report.lines === 1 ? 'line' : 'lines'} so far`,
      );
      if (index > 0) {
        expect(report.elapsedMs).toBeGreaterThan(reports[index - 1]!.elapsedMs);
        expect(report.lines).toBeGreaterThanOrEqual(reports[index - 1]!.lines);
      }
    }
    expect(reports[0]!.lines).toBeGreaterThan(0);
    expect(reports.at(-1)!.lines).toBeGreaterThan(reports[0]!.lines);
    expect(reports.at(-1)!.lines).toBeLessThanOrEqual(12);
    expect(Object.isFrozen(reports[0])).toBe(true);
  });

  it('says nothing for a command that ends before the first interval (2 s by default)', async () => {
    const reports: ToolProgress[] = [];
    await runTool().handler({ command: 'echo quick; sleep 0.5' }, { onProgress: (progress) => reports.push(progress) });
    expect(reports).toEqual([]);
  });

  it('stops reporting once the call returns, when the run becomes a background job', async () => {
    const reports: ToolProgress[] = [];
    const tool = runTool({ progressIntervalMs: 200 });
    const result = await tool.handler(
      { command: TICKING, auto_background_after_ms: 500 },
      { onProgress: (progress) => reports.push(progress) },
    );
    expect(result.structuredContent).toMatchObject({ auto_backgrounded: true });
    const seen = reports.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(reports.length).toBe(seen);
  });

  it('runs to the end when the progress callback throws', async () => {
    const result = await runTool({ progressIntervalMs: 200 }).handler(
      { command: 'sleep 0.7; echo end' },
      {
        onProgress: () => {
          throw new Error('ui broke');
        },
      },
    );
    expect(result.structuredContent).toMatchObject({ exit: 0, ok: true, stdout: 'end\n' });
  });
});

describe('run({ onProgress })', () => {
  it('counts both streams separately, an unterminated line included', async () => {
    const reports: RunProgress[] = [];
    await run("printf 'a\\nb\\npartial'; printf 'x\\n' >&2; sleep 0.6", {
      onProgress: (progress) => reports.push(progress),
      progressIntervalMs: 200,
    });
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports.at(-1)).toMatchObject({ stdoutLines: 3, stderrLines: 1 });
  });

  it('refuses a progress callback that is not a function, naming the field', async () => {
    await expect(run('true', { onProgress: 'yes' as never })).rejects.toThrow(
      'Expected `onProgress` to be a function, got `yes` (string)',
    );
    await expect(run('true', { progressIntervalMs: 5 })).rejects.toThrow(/Expected `progressIntervalMs` to be/);
  });
});
