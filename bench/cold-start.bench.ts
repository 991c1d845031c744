// The first command of a fresh process: cold `run('true; true')` (parsed by tree-sitter's wasm)
// beside cold `run('true')` (no parse), the first `plan()`'s main-thread time, and the CLI's
// `tersh run 'true && true'`. The variants are the same code with the host's node flags overriding the
// ones the grammar load sets: "V8 default tiering" compiles the wasm as V8 does by default (lazily on the
// main thread, then tiered up: the behaviour before); "Liftoff, lazy" keeps the baseline tier but compiles
// each function on the main thread at its first call.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const probe = join(here, 'cold-start-probe.ts');
const cliMain = join(here, '../src/cli/main.ts');
const ROUNDS = 5;

const variants: [string, string[]][] = [
  ['tersh', []],
  ['Liftoff, lazy', ['--wasm-lazy-compilation']],
  ['V8 default tiering', ['--no-liftoff-only', '--wasm-lazy-compilation']],
];
interface Probe {
  importMs: number;
  wallMs: number;
  mainCpuMs: number;
  reportedMs?: number;
}

function fresh(flags: string[], args: string[]): Probe {
  const out = spawnSync(process.execPath, [...flags, '--import', 'tsx', probe, ...args], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`probe failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Probe;
}

function cliWallMs(flags: string[], command: string): number {
  const started = performance.now();
  const out = spawnSync(process.execPath, [...flags, '--import', 'tsx', cliMain, 'run', command], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`tersh run failed: ${out.stderr}`);
  return performance.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (ms: number): string => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`.padStart(9);

export default async function main(): Promise<void> {
  const storeDir = mkdtempSync(join(tmpdir(), 'tersh-bench-cold-'));
  const cases: [string, string[]][] = [
    ["run('true')", ['run', 'true', storeDir]],
    ["run('true; true')", ['run', 'true; true', storeDir]],
    ["plan('true; true')", ['plan', 'true; true', storeDir]],
  ];
  const samples = new Map<string, Probe[]>();
  const cli = new Map<string, number[]>();
  // Interleaved rounds, so drift on the shared machine hits every variant alike; medians reported.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [variant, flags] of variants) {
      for (const [label, args] of cases) {
        const key = `${variant}|${label}`;
        samples.set(key, [...(samples.get(key) ?? []), fresh(flags, args)]);
      }
      for (const command of ['true', 'true && true']) {
        const key = `${variant}|${command}`;
        cli.set(key, [...(cli.get(key) ?? []), cliWallMs(flags, command)]);
      }
    }
  }
  rmSync(storeDir, { recursive: true, force: true });

  console.log(`first call of a fresh process, median of ${ROUNDS} (result ms · wall · main-thread CPU)`);
  for (const [variant] of variants) {
    for (const [label] of cases) {
      const runs = samples.get(`${variant}|${label}`)!;
      const reported = label.startsWith('run') ? fmt(median(runs.map((r) => r.reportedMs!))) : '        —';
      console.log(
        `  ${variant.padEnd(19)} ${label.padEnd(19)} ${reported} ${fmt(median(runs.map((r) => r.wallMs)))} ${fmt(median(runs.map((r) => r.mainCpuMs)))}`,
      );
    }
  }
  const ms = (variant: string, label: string, field: keyof Probe) =>
    median(samples.get(`${variant}|${label}`)!.map((r) => r[field] as number));
  console.log(
    `  cold run('true; true') / run('true'), reported ms: tersh ${(ms('tersh', "run('true; true')", 'reportedMs') / ms('tersh', "run('true')", 'reportedMs')).toFixed(1)}×, ` +
      `V8 default ${(ms('V8 default tiering', "run('true; true')", 'reportedMs') / ms('V8 default tiering', "run('true')", 'reportedMs')).toFixed(1)}×`,
  );
  console.log(
    `  first plan() main-thread CPU: tersh ${fmt(ms('tersh', "plan('true; true')", 'mainCpuMs')).trim()} (target ≤ 30 ms), V8 default ${fmt(ms('V8 default tiering', "plan('true; true')", 'mainCpuMs')).trim()}`,
  );
  console.log(`the CLI, whole process (node + tsx + tersh), median of ${ROUNDS}`);
  for (const [variant] of variants) {
    const plain = median(cli.get(`${variant}|true`)!);
    const compound = median(cli.get(`${variant}|true && true`)!);
    console.log(
      `  ${variant.padEnd(19)} tersh run 'true' ${fmt(plain)}   tersh run 'true && true' ${fmt(compound)}   (+${(compound - plain).toFixed(0)} ms)`,
    );
  }
}
