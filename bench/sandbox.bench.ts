// Sandbox per-spawn overhead and strace slowdown, measured on real processes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeSandboxOptions, wrapInSandbox } from '../src/sandbox/index.js';
import { summarizeTrace, wrapInTrace } from '../src/trace/index.js';

function spawnAndWait(file: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

async function medianMs(times: number, task: () => Promise<void>): Promise<number> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

const fmt = (ms: number): string => `${ms.toFixed(1).padStart(8)} ms`;

export default async function main(): Promise<void> {
  const cwd = mkdtempSync(join(tmpdir(), 'tersh-bench-sandbox-'));
  const records = mkdtempSync(join(tmpdir(), 'tersh-bench-trace-'));
  try {
    const sandbox = normalizeSandboxOptions({ network: false })!;
    const plain = await medianMs(40, () => spawnAndWait('true', [], cwd));
    const confined = await medianMs(40, async () => {
      const wrapped = await wrapInSandbox({ file: 'true', args: [] }, sandbox, { cwd });
      await spawnAndWait(wrapped.file, wrapped.args, cwd);
      await wrapped.cleanup();
    });
    const wrapOnly = await medianMs(40, async () => {
      const wrapped = await wrapInSandbox({ file: 'true', args: [] }, sandbox, { cwd });
      await wrapped.cleanup();
    });
    const bareBwrap = await medianMs(40, () => spawnAndWait('bwrap', ['--ro-bind', '/', '/', 'true'], cwd));
    console.log('per-spawn cost of `true` (median of 40, wrap + spawn + cleanup)');
    console.log(`  plain spawn      ${fmt(plain)}`);
    console.log(`  bubblewrap       ${fmt(confined)}   overhead ${fmt(confined - plain)}   ratio ${(confined / plain).toFixed(2)}x`);
    console.log(`    of which wrapInSandbox + cleanup (temp dir, realpaths) ${fmt(wrapOnly)}`);
    console.log(`    bare \`bwrap --ro-bind / / true\` for reference        ${fmt(bareBwrap)}   ratio ${(bareBwrap / plain).toFixed(2)}x`);

    const tree = join(cwd, 'tree');
    for (let d = 0; d < 50; d += 1) {
      mkdirSync(join(tree, `d${d}`), { recursive: true });
      for (let f = 0; f < 100; f += 1) writeFileSync(join(tree, `d${d}`, `f${f}.txt`), '');
    }
    const workloads = [
      { name: 'find over 5 000 files', file: 'find', args: [tree, '-type', 'f', '-name', '*.md'], times: 5 },
      { name: 'npm --version', file: 'npm', args: ['--version'], times: 5 },
    ];
    console.log('\ntrace slowdown (median of 5; "+summary" adds summarizeTrace over the trace file)');
    for (const workload of workloads) {
      const base = await medianMs(workload.times, () => spawnAndWait(workload.file, workload.args, cwd));
      const traceFile = join(records, 'trace.txt');
      const traced = await wrapInTrace(workload, { traceFile });
      if ('unavailable' in traced) {
        console.log(`  ${workload.name}: trace unavailable (${traced.unavailable})`);
        continue;
      }
      const withTrace = await medianMs(workload.times, () => spawnAndWait(traced.file, traced.args, cwd));
      const noSeccomp = traced.args.filter((arg) => arg !== '--seccomp-bpf');
      const withoutBpf = await medianMs(workload.times, () => spawnAndWait(traced.file, noSeccomp, cwd));
      const withSummary = await medianMs(workload.times, async () => {
        await spawnAndWait(traced.file, traced.args, cwd);
        await summarizeTrace(traceFile, { cwd });
      });
      console.log(`  ${workload.name}`);
      console.log(`    untraced                 ${fmt(base)}`);
      console.log(`    strace --seccomp-bpf     ${fmt(withTrace)}   ${(withTrace / base).toFixed(1)}x`);
      console.log(`    strace without bpf       ${fmt(withoutBpf)}   ${(withoutBpf / base).toFixed(1)}x`);
      console.log(`    strace + summary         ${fmt(withSummary)}   ${(withSummary / base).toFixed(1)}x`);
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(records, { recursive: true, force: true });
  }
}
