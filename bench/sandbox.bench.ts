// Sandbox per-spawn overhead and strace slowdown, measured on real processes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeSandboxOptions, wrapInSandbox } from '../src/sandbox/index.js';
import { summarizeTrace, wrapInTrace } from '../src/trace/index.js';
import { medianMs, spawnAndWait } from './timing.js';

const fmt = (ms: number): string => `${ms.toFixed(1).padStart(8)} ms`;

// CPU time (user + sys) of `times` runs, per run: far less disturbed than wall time on a busy machine.
async function cpuMsPerRun(times: number, file: string, args: string[], cwd: string): Promise<number> {
  const script = `for ((i = 0; i < ${times}; i++)); do "$@" > /dev/null 2>&1; done; times`;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', file, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
  const children = output.trim().split('\n')[1] ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, match) => sum + Number(match[1]) * 60 + Number(match[2]),
    0,
  );
  return (seconds * 1000) / times;
}

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
    console.log(
      `  bubblewrap       ${fmt(confined)}   overhead ${fmt(confined - plain)}   ratio ${(confined / plain).toFixed(2)}x`,
    );
    console.log(`    of which wrapInSandbox + cleanup (temp dir, realpaths) ${fmt(wrapOnly)}`);
    console.log(
      `    bare \`bwrap --ro-bind / / true\` for reference        ${fmt(bareBwrap)}   ratio ${(bareBwrap / plain).toFixed(2)}x`,
    );

    const once = await wrapInSandbox({ file: '/bin/true', args: [] }, sandbox, { cwd });
    const plainCpu = await cpuMsPerRun(40, '/bin/true', [], cwd);
    const sandboxCpu = await cpuMsPerRun(40, once.file, once.args, cwd);
    await once.cleanup();
    console.log(
      `  CPU time per run: plain ${fmt(plainCpu)}, sandboxed ${fmt(sandboxCpu)}, overhead ${fmt(sandboxCpu - plainCpu)}`,
    );

    const tree = join(cwd, 'tree');
    for (let d = 0; d < 200; d += 1) {
      mkdirSync(join(tree, `d${d}`), { recursive: true });
      for (let f = 0; f < 100; f += 1) writeFileSync(join(tree, `d${d}`, `f${f}.txt`), '');
    }
    const workloads = [
      { name: 'find over 20 000 files', file: 'find', args: [tree, '-type', 'f', '-name', '*.md'], times: 5 },
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
      const baseCpu = await cpuMsPerRun(workload.times, workload.file, workload.args, cwd);
      const tracedCpu = await cpuMsPerRun(workload.times, traced.file, traced.args, cwd);
      const noBpfCpu = await cpuMsPerRun(workload.times, traced.file, noSeccomp, cwd);
      console.log(`  ${workload.name}`);
      console.log(
        `    CPU time: untraced ${fmt(baseCpu)}, --seccomp-bpf ${fmt(tracedCpu)} (${(tracedCpu / baseCpu).toFixed(1)}x), without bpf ${fmt(noBpfCpu)} (${(noBpfCpu / baseCpu).toFixed(1)}x)`,
      );
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
