// The seed features' costs, as ratios in one run: planPowerShell (a tokenizer) against plan() (tree-sitter bash)
// on lines of the same shape; a 100 MB run with onLine against the same run without; the terse text result
// against the JSON one, in o200k tokens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { createPlanner, createRecordStore, createShell, createTools, run } from '../src/index.js';
import { planPowerShellLine } from '../src/plan/index.js';

const POWERSHELL = [
  'Get-ChildItem -Recurse -Filter *.cs | Select-Object FullName',
  'Remove-Item -Recurse -Force build',
  'Test-Path out/done; Write-Output ok',
  'Get-Content app.log | Select-String ERROR',
];
const BASH = ['find . -name "*.cs" | head', 'rm -rf build', 'test -e out/done; echo ok', 'cat app.log | grep ERROR'];

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

function perSecond(plan: (line: string) => unknown, lines: readonly string[]): number {
  const rounds = 5_000;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) for (const line of lines) plan(line);
  return (rounds * lines.length) / ((performance.now() - started) / 1000);
}

export default async function main(): Promise<void> {
  const planner = await createPlanner();
  const ps = perSecond(planPowerShellLine, POWERSHELL);
  const bash = perSecond((line) => planner.plan(line), BASH);
  console.log(
    `plans/s  planPowerShell ${Math.round(ps)}   plan (tree-sitter bash) ${Math.round(bash)}   ratio ${(ps / bash).toFixed(2)}×`,
  );

  const state = mkdtempSync(join(tmpdir(), 'tersh-bench-seeds-'));
  try {
    const store = createRecordStore({ dir: join(state, 'records') });
    const command = `yes ${'x'.repeat(79)} | head -c 104857600`;
    // Alternated, so a load spike on the shared machine falls on both sides.
    const samples: { without: number[]; withLines: number[] } = { without: [], withLines: [] };
    let lines = 0;
    for (let round = 0; round < 4; round++) {
      samples.without.push(await timed(() => run(command, { store })));
      samples.withLines.push(await timed(() => run(command, { store, onLine: () => void lines++ })));
    }
    const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [without, withLines] = [median(samples.without), median(samples.withLines)];
    console.log(
      `100 MB run  without callbacks ${without.toFixed(0)} ms   with onLine ${withLines.toFixed(0)} ms   ratio ${(withLines / without).toFixed(2)}×`,
    );

    const shell = createShell({ cwd: state, storeDir: join(state, 'records') });
    const [json] = createTools(shell, { include: ['sh_run'] });
    const [text] = createTools(shell, { include: ['sh_run'], format: 'text' });
    for (const commandLine of ['true', 'echo hi', 'ls /nonexistent']) {
      const [a, b] = [await json!.handler({ command: commandLine }), await text!.handler({ command: commandLine })];
      const [jsonTokens, textTokens] = [encode(a.content[0].text).length, encode(b.content[0].text).length];
      console.log(
        `  ${commandLine.padEnd(18)} json ${String(jsonTokens).padStart(3)}  text ${String(textTokens).padStart(3)} tokens   ratio ${(textTokens / jsonTokens).toFixed(2)}×`,
      );
    }
    await shell.close();
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}
