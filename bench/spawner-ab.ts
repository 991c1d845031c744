// An interleaved A/B of the warm spawner, 8 in flight, in one process: two builds (dist/ folders, e.g. a
// `git worktree` of main built with `npm run build`, and this checkout's) and raw spawn, in alternating rounds.
//   npm run build && SPAWNER_AB=main=/tmp/main/dist,branch=./dist npx tsx bench/spawner-ab.ts [small|big] [rounds] [runs]
// Prints each one's median runs/s (and its ratio to raw's), the host's and the helpers' CPU ms per run, and the load.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { statCpuMs } from './proc-cpu.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { holdBigHostMemory } from './fixtures/big-host-memory.js';

interface Build {
  run: (command: string, options: object) => Promise<unknown>;
  createRecordStore: (options: { dir: string }) => object;
  warmHelperPids: () => number[];
  warmSpawnerReady: () => Promise<boolean>;
}

const [size = 'small', roundsText = '8', runsText = '80'] = process.argv.slice(2);
const held = size === 'big' ? holdBigHostMemory() : [];

async function load(folder: string): Promise<Build> {
  const at = (file: string): string => pathToFileURL(join(resolve(folder), file)).href;
  return { ...(await import(at('index.js'))), ...(await import(at('process/warm/helper-state.js'))) } as Build;
}

function cpuMsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + statCpuMs(`/proc/${pid}/stat`), 0);
}

const raw = (): Promise<void> =>
  new Promise((done) => {
    const child = spawn('true', [], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('close', () => done());
  });

async function runsPerSecond(call: () => Promise<unknown>, total: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < total) await call();
    }),
  );
  return (total * 1000) / (performance.now() - started);
}

const contenders: Record<string, { call: () => Promise<unknown>; helperPids: () => number[] }> = {
  raw: { call: raw, helperPids: () => [] },
};
for (const entry of (process.env.SPAWNER_AB ?? '').split(',').filter(Boolean)) {
  const [name, folder] = entry.split('=') as [string, string];
  const build = await load(folder);
  const store = build.createRecordStore({ dir: mkdtempSync(join(tmpdir(), 'tersh-spawner-ab-')) });
  await build.warmSpawnerReady();
  contenders[name] = { call: () => build.run('true', { store, spawner: 'warm' }), helperPids: build.warmHelperPids };
}
for (const { call } of Object.values(contenders)) await runsPerSecond(call, 24); // boots second helpers
const names = Object.keys(contenders);
const samples = Object.fromEntries(
  names.map((name) => [name, { rate: [] as number[], host: [] as number[], helper: [] as number[] }]),
);
const runs = Number(runsText);
for (let round = 0; round < Number(roundsText); round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const { call, helperPids } = contenders[name]!;
    const hostBefore = process.cpuUsage();
    const helperBefore = cpuMsOf(helperPids());
    samples[name]!.rate.push(await runsPerSecond(call, runs));
    const used = process.cpuUsage(hostBefore);
    samples[name]!.host.push((used.user + used.system) / 1000 / runs);
    samples[name]!.helper.push((cpuMsOf(helperPids()) - helperBefore) / runs);
  }
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rawRate = median(samples.raw!.rate);
for (const [name, { rate, host, helper }] of Object.entries(samples))
  console.log(
    `${size} ${name.padEnd(8)} ${median(rate).toFixed(0).padStart(4)} runs/s  ${(median(rate) / rawRate).toFixed(2)}× raw  CPU ms/run: host ${median(host).toFixed(2)}, helpers ${median(helper).toFixed(2)}  (rounds: ${rate.map((r) => r.toFixed(0)).join(' ')})`,
  );
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; held ${held.length} blocks`);
process.exit(0);
