// What one test host costs to start: `tersh --help` as the suite used to start it (`tsx main.ts`, and
// `node --import tsx main.ts`) beside the same file compiled once by the suite's global setup (`node main.js`).
// CPU is the child's user + system time (from /proc/self/stat, children waited for), wall the median of the rounds.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTree } from '../test/setup/compile-tree.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 5;
const TICKS_PER_SECOND = 100;

/** User + system ms of the children this process has waited for. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function main(): Promise<void> {
  const compileStarted = performance.now();
  const root = await compileTree(repo);
  const compileMs = performance.now() - compileStarted;
  const variants: [string, string, string[]][] = [
    ['tsx src/cli/main.ts', join(repo, 'node_modules/.bin/tsx'), [join(repo, 'src/cli/main.ts')]],
    ['node --import tsx src/cli/main.ts', process.execPath, ['--import', 'tsx', join(repo, 'src/cli/main.ts')]],
    ['node <compiled>/src/cli/main.js', process.execPath, [join(root, 'src/cli/main.js')]],
  ];
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  try {
    // Interleaved rounds, so drift on the shared machine hits every variant alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, file, args] of variants) {
        const cpuBefore = childrenCpuMs();
        const started = performance.now();
        const out = spawnSync(file, [...args, '--help'], { cwd: repo, encoding: 'utf8' });
        if (out.status !== 0) throw new Error(`${label} failed: ${out.stderr}`);
        wall.set(label, [...(wall.get(label) ?? []), performance.now() - started]);
        cpu.set(label, [...(cpu.get(label) ?? []), childrenCpuMs() - cpuBefore]);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`compiling the tree once (esbuild): ${compileMs.toFixed(0)} ms`);
  const compiledCpu = median(cpu.get(variants[2]![0])!);
  for (const [label] of variants) {
    const cpuMs = median(cpu.get(label)!);
    console.log(
      `${label.padEnd(36)} wall ${median(wall.get(label)!).toFixed(0).padStart(5)} ms  cpu ${cpuMs.toFixed(0).padStart(5)} ms  ` +
        `(${(cpuMs / compiledCpu).toFixed(1)}x the compiled CPU)`,
    );
  }
}
