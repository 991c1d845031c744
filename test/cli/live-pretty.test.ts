import { join } from 'node:path';
import pty from '@lydell/node-pty';
import { describe, expect, it } from 'vitest';
import { compiled } from '../helpers/compiled.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { useShells } from '../tools/helpers/run-shell.js';
import { createTools } from '../../src/index.js';

const tempDir = useTempDirs();
const runShell = useShells();
const main = compiled('src/cli/main.ts');

/** Runs the CLI in a real pseudo-terminal; each piece of its output with the time it arrived. */
function inTerminal(args: string[]): Promise<{ pieces: { at: number; text: string }[]; exitCode: number; endedAt: number }> {
  const state = tempDir('tersh-cli-state-');
  const started = performance.now();
  const child = pty.spawn(process.execPath, [main, ...args], {
    name: 'xterm',
    cols: 120,
    rows: 30,
    cwd: tempDir(),
    env: { ...process.env, TERSH_STORE_DIR: join(state, 'records'), TERSH_CHECKPOINT_DIR: join(state, 'checkpoints') },
  });
  const pieces: { at: number; text: string }[] = [];
  child.onData((text) => pieces.push({ at: performance.now() - started, text }));
  return new Promise((resolve) =>
    child.onExit(({ exitCode }) => resolve({ pieces, exitCode, endedAt: performance.now() - started })),
  );
}

describe('tersh run --pretty in a terminal', () => {
  it('streams the output as it comes, then prints the status line once', async () => {
    const { pieces, exitCode, endedAt } = await inTerminal(['run', '--pretty', 'echo first; sleep 1.5; echo second; exit 2']);
    const all = pieces.map((piece) => piece.text).join('');
    expect(exitCode).toBe(2);
    const first = pieces.find((piece) => piece.text.includes('first'));
    expect(endedAt - first!.at).toBeGreaterThan(1_000);
    expect(all.match(/first/g)).toHaveLength(1);
    expect(all.match(/second/g)).toHaveLength(1);
    expect(all).toMatch(/── exit 2 · failed/);
  }, 60_000);
});

describe('onOutput in a tool call', () => {
  it("hands sh_run's output over as it arrives, both streams", async () => {
    const seen: [string, string][] = [];
    const [tool] = createTools(runShell(tempDir(), tempDir()), { include: ['sh_run'] });
    const result = await tool!.handler(
      { command: 'echo out; echo err >&2' },
      { onOutput: (chunk, stream) => seen.push([stream, chunk]) },
    );
    expect(result.structuredContent).toMatchObject({ exit: 0 });
    expect(seen).toEqual(
      expect.arrayContaining([
        ['stdout', 'out\n'],
        ['stderr', 'err\n'],
      ]),
    );
    const bad = await tool!.handler({ command: 'true' }, { onOutput: 'no' as never });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toContain('Expected `extra.onOutput` to be a function');
  });
});
