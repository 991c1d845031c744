// Process lifecycle: the cost of finding a run's processes with 600+ other processes on the machine (today's
// one scan against the earlier sweep, which read every process's environment, three times per kill), the
// settle time of a timeout past its deadline with and without a cgroup per run, and the watchdog's cost.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cgroupPids, createCgroupParent, createRunCgroup, removeCgroup } from '../src/process/cgroup.js';
import { readProcEntries, runProcesses } from '../src/process/proc-scan.js';

const EXTRA_PROCESSES = 640;
const host = fileURLToPath(new URL('./fixtures/lifecycle-host.ts', import.meta.url));

function medianMs(times: number, task: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    task();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

/** The sweep before: every process's stat and environment, whatever its age. */
function everyEnviron(tag: string): number[] {
  const needle = Buffer.from(`TERSH_RUN_ID=${tag}\0`);
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      readFileSync(`/proc/${name}/stat`, 'utf8');
      if (readFileSync(`/proc/${name}/environ`).includes(needle)) found.push(Number(name));
    } catch {
      // gone
    }
  }
  return found;
}

function hostRun(env: NodeJS.ProcessEnv): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', host, '20', '30'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(text) as Record<string, number>));
  });
}

const fmt = (ms: number): string => `${ms.toFixed(2).padStart(8)} ms`;

export default async function main(): Promise<void> {
  const crowd = spawn('sh', ['-c', `for i in $(seq ${EXTRA_PROCESSES}); do sleep 1000 & done; wait`], {
    stdio: 'ignore',
    detached: true,
  });
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  try {
    const entries = readProcEntries();
    const newest = entries.reduce((a, b) => (a.startTicks > b.startTicks ? a : b));
    const marks = { pgid: newest.pid, startTicks: newest.startTicks, tag: 'benchtag' };
    const before = medianMs(15, () => everyEnviron('benchtag'));
    const scanAll = medianMs(15, () => runProcesses(marks, readProcEntries()));
    const scan = medianMs(15, () => runProcesses(marks));
    const parent = createCgroupParent();
    const cgroup = parent ? createRunCgroup(parent, 'bench') : undefined;
    const procs = cgroup ? medianMs(15, () => cgroupPids(cgroup)) : NaN;
    if (cgroup) removeCgroup(cgroup);
    if (parent) removeCgroup(parent);
    console.log(`finding a run's processes among ${entries.length} processes (median of 15)`);
    console.log(`  before: stat + environ of every process  ${fmt(before)}   (×3 per kill: ${fmt(before * 3)})`);
    console.log(
      `  now, no cgroup, pids wrapped: stat of every process, environ of those started since the run  ${fmt(scanAll)}   ${(before / scanAll).toFixed(1)}× faster`,
    );
    console.log(
      `  now, no cgroup: stat and environ of the pids handed out since the run  ${fmt(scan)}   ${(before / scan).toFixed(0)}× faster`,
    );
    console.log(`  now, cgroup: one read of cgroup.procs  ${fmt(procs)}   ${(before / procs).toFixed(0)}× faster`);

    console.log(
      `timeout at 200 ms of sh -c 'sleep N & sleep N & wait', ${entries.length} processes on the machine (20 runs; run('true'): 30 runs)`,
    );
    for (const [label, env] of [
      ['cgroup per run', { ...process.env, TERSH_CGROUPS: '1' }],
      ['no cgroup (/proc scan)', { ...process.env, TERSH_CGROUPS: '0' }],
    ] as const) {
      const figures = await hostRun(env);
      console.log(
        `  ${label.padEnd(24)} past deadline: median ${fmt(figures.settleMedianMs!)}, p90 ${fmt(figures.settleP90Ms!)}; survivors ${figures.survivors}; run('true') median ${fmt(figures.trueMedianMs!)} (${(figures.trueMedianMs! / figures.rawSpawnMedianMs!).toFixed(1)}× raw spawn)`,
      );
    }

    const started = performance.now();
    const watchdog = spawn(
      process.execPath,
      ['--max-old-space-size=32', '-e', 'process.stdin.resume(); setTimeout(() => console.log(process.memoryUsage().rss), 300)'],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const rss = await new Promise<number>((resolve) =>
      watchdog.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString()))),
    );
    console.log(
      `watchdog: one Node.js process per host, RSS ${(rss / 1024 / 1024).toFixed(0)} MB, up in ${fmt(performance.now() - started - 300)} (started once, off the run's path)`,
    );
    watchdog.kill();
  } finally {
    try {
      process.kill(-crowd.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
