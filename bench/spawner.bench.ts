// The warm spawner against raw child_process.spawn, execa and tinyexec, side by side in one run:
// `true` per call in a small host and a big one (1.5 GB of JS objects + 500 MB of Buffers, each a child
// process of this bench), the event loop's p99 delay while 200 commands run, runs/s with 8 in flight,
// a host's first runs once it holds 2 GB, with its helper prepared at its start or not, 1 GB of 80-byte and of
// 2-byte lines through run(), and a two-sleep timeout with 600 processes around.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createRecordStore, run } from '../src/index.js';
import { warmSpawnerReady } from '../src/process/warm/helper-state.js';
import { livePidsWith } from '../test/helpers/processes.js';
import { bigOutput } from './big-output.js';
import { SpawnerHost } from './spawner-host-client.js';
import type { LateTicks } from './fixtures/late-ticks.js';

const execFileAsync = promisify(execFile);
const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;
type Spawner = 'direct' | 'warm';

interface HostFigures {
  size: string;
  /** How the warm helper spawns. */
  spawnPath: string;
  rssMb: number;
  forkableMb: number;
  perCall: Record<string, { median: number; hostCpu: number; helperCpu: number }>;
  /** raw and warm per call again, after 1 500 more warm runs (a long-lived host). */
  steady: Record<'raw' | 'warm', { median: number; hostCpu: number; helperCpu: number }>;
  p99: { idle: number; raw: number; warm: number };
  warmLateTicks: LateTicks | undefined;
  inFlight: Record<'raw' | 'direct' | 'warm', InFlightFigures>;
  /** raw and warm 8 in flight again, after the 1 500 more warm runs (the store at its cap: spare folders reused). */
  steadyInFlight: Record<'raw' | 'warm', InFlightFigures>;
  cores: number;
}

interface InFlightFigures {
  runsPerSecond: number;
  hostCpu: number;
  helperCpu: number;
  commandCpu: number;
}

interface Calls {
  times: number[];
  runsPerSecond: number;
  hostCpu: number;
  helperCpu: number;
  commandCpu: number;
}

const CONTENDERS = ['raw', 'execa', 'tinyexec', 'direct', 'warm'];
/** Warm runs made, untimed, before the per-call figures are taken again for a long-lived host. */
const STEADY_AFTER_RUNS = 1500;
/** A round of 8 in flight lasts this long for each contender: 32 warm runs took 60 ms, mostly filling and draining. */
const IN_FLIGHT_ROUND_MS = 1000;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One size's figures from two hosts of that size, rounds alternating between them (a loaded machine moves by ±30 %
 * from one second to the next): the contenders that fork in one, the warm spawner in the other (spawner-host.ts says
 * why).
 */
async function measureHost(size: 'small' | 'big'): Promise<HostFigures> {
  const [forking, warm] = await Promise.all([SpawnerHost.start(size, 'fork'), SpawnerHost.start(size, 'warm')]);
  const calls = (name: string, count: number, inFlight = 1, forMs?: number): Promise<Calls> =>
    (name === 'warm' || name === 'idle' ? warm : forking).ask<Calls>({ op: 'calls', name, count, inFlight, forMs });
  try {
    for (const name of CONTENDERS) await calls(name, 1);
    /** Median wall ms per call over `rounds` alternating rounds, and CPU ms per call over all of them. */
    const perCallOf = async (names: string[], rounds: number, perRound: number) => {
      const all = Object.fromEntries(names.map((name) => [name, [] as Calls[]]));
      for (let round = 0; round < rounds; round++) for (const name of names) all[name]!.push(await calls(name, perRound));
      const mean = (measured: Calls[], key: 'hostCpu' | 'helperCpu'): number =>
        measured.reduce((sum, r) => sum + r[key], 0) / measured.length;
      return Object.fromEntries(
        names.map((name) => [
          name,
          {
            median: median(all[name]!.flatMap((r) => r.times)),
            hostCpu: mean(all[name]!, 'hostCpu'),
            helperCpu: mean(all[name]!, 'helperCpu'),
          },
        ]),
      );
    };
    const perCall = await perCallOf(CONTENDERS, 10, 10);
    const p99ms = (host: SpawnerHost, name: string): Promise<number> => host.ask<number>({ op: 'p99', name, count: 200 });
    const p99 = { idle: await p99ms(warm, 'idle'), raw: await p99ms(forking, 'raw'), warm: await p99ms(warm, 'warm') };
    // A pass of its own (its timer reads /proc at every tick): whether the warm p99 is the host's work or the machine's load.
    const warmLateTicks = await warm.ask<LateTicks | undefined>({ op: 'lateTicks', name: 'warm', count: 200 });
    await calls('warm', 16, 8); // boots a second helper (runs in flight; where it forks) before anything is timed
    /** Medians of `rounds` alternating rounds of 8 in flight, each contender in turn first and last. */
    const inFlightOf = async (names: string[], roundCount: number): Promise<Record<string, InFlightFigures>> => {
      const rounds = Object.fromEntries(names.map((name) => [name, [] as Calls[]]));
      for (let round = 0; round < roundCount; round++)
        for (const name of round % 2 === 0 ? names : [...names].reverse())
          rounds[name]!.push(await calls(name, 1e9, 8, IN_FLIGHT_ROUND_MS));
      return Object.fromEntries(
        Object.entries(rounds).map(([name, all]) => [
          name,
          {
            runsPerSecond: median(all.map((r) => r.runsPerSecond)),
            hostCpu: median(all.map((r) => r.hostCpu)),
            helperCpu: median(all.map((r) => r.helperCpu)),
            commandCpu: median(all.map((r) => r.commandCpu)),
          },
        ]),
      );
    };
    const inFlight = (await inFlightOf(['raw', 'direct', 'warm'], 6)) as HostFigures['inFlight'];
    // A long-lived agent host: the figures above are taken in a process's first few hundred runs, while V8 still
    // compiles the run path in the background. The same measure again, 1 500 runs later.
    await calls('warm', STEADY_AFTER_RUNS);
    const steady = (await perCallOf(['raw', 'warm'], 10, 10)) as HostFigures['steady'];
    const steadyInFlight = (await inFlightOf(['raw', 'warm'], 4)) as HostFigures['steadyInFlight'];
    const info = await warm.ask<{ size: string; cores: number; spawnPath: string; rssMb: number; forkableMb: number }>({
      op: 'info',
    });
    return { ...info, perCall, p99, warmLateTicks, inFlight, steady, steadyInFlight };
  } finally {
    forking.close();
    warm.close();
  }
}

function printHost(figures: HostFigures): void {
  const { perCall, p99, inFlight } = figures;
  console.log(
    `${figures.size} host (RSS ${figures.forkableMb.toFixed(0)} MB forkable of ${figures.rssMb.toFixed(0)} MB; the helper spawns with ${figures.spawnPath}): \`true\`, median ms per call, CPU ms per call`,
  );
  for (const [name, costs] of Object.entries(perCall)) {
    const helper = costs.helperCpu > 0 ? ` + helper ${costs.helperCpu.toFixed(2)}` : '';
    console.log(
      `  ${name.padEnd(10)} ${costs.median.toFixed(2)} ms  ${ratio(costs.median, perCall.raw!.median)} raw   CPU: host ${costs.hostCpu.toFixed(2)}${helper}`,
    );
  }
  console.log(
    `  event-loop p99 while 200 commands run: raw spawn ${p99.raw.toFixed(1)} ms, run() warm ${p99.warm.toFixed(1)} ms (target ≤ 2 ms in the big host); an idle loop ${p99.idle.toFixed(1)} ms`,
  );
  const late = figures.warmLateTicks;
  if (late)
    console.log(
      `    a second pass of 200 warm runs: ${late.late} of ${late.ticks} 1 ms ticks came > 2 ms late, ${late.pastMs.toFixed(0)} ms late in all, while the host's main thread ran ${late.onCpuMs.toFixed(0)} ms and waited ${late.waitingMs.toFixed(0)} ms for a CPU`,
    );
  const { raw, direct, warm } = inFlight;
  console.log(
    `  8 in flight (medians of 6 alternating rounds of 1 s each): raw ${raw.runsPerSecond.toFixed(0)}/s, run() direct ${direct.runsPerSecond.toFixed(0)}/s, run() warm ${warm.runsPerSecond.toFixed(0)}/s → warm ${ratio(warm.runsPerSecond, raw.runsPerSecond)} raw's runs/s`,
  );
  console.log(
    `    CPU ms per run: raw host ${raw.hostCpu.toFixed(2)}, direct host ${direct.hostCpu.toFixed(2)}, warm host ${warm.hostCpu.toFixed(2)} + helpers ${warm.helperCpu.toFixed(2)}; \`true\` itself ${warm.commandCpu.toFixed(2)} (under raw ${raw.commandCpu.toFixed(2)})`,
  );
  // What the cores allow at the CPU each run costs, all processes counted: how near each comes to its own ceiling.
  const ceiling = (costs: { hostCpu: number; helperCpu: number; commandCpu: number }): number =>
    (figures.cores * 1000) / (costs.hostCpu + costs.helperCpu + costs.commandCpu);
  console.log(
    `    ${figures.cores} cores allow ${ceiling(warm).toFixed(0)} warm runs/s at that CPU (warm reached ${((warm.runsPerSecond / ceiling(warm)) * 100).toFixed(0)} % of it; ${ratio(ceiling(warm), raw.runsPerSecond)} raw's runs/s), ${ceiling(raw).toFixed(0)} raw ones (raw reached ${((raw.runsPerSecond / ceiling(raw)) * 100).toFixed(0)} %)`,
  );
  const steady = figures.steady;
  const later = figures.steadyInFlight;
  console.log(
    `  \`true\` again after 1 500 more warm runs (a long-lived host): raw ${steady.raw.median.toFixed(2)} ms, warm ${steady.warm.median.toFixed(2)} ms → ${ratio(steady.warm.median, steady.raw.median)} raw   CPU: warm host ${steady.warm.hostCpu.toFixed(2)} + helper ${steady.warm.helperCpu.toFixed(2)} (raw host ${steady.raw.hostCpu.toFixed(2)})`,
  );
  console.log(
    `  8 in flight again then (medians of 4 alternating rounds; the store at its cap, reusing evicted folders): raw ${later.raw.runsPerSecond.toFixed(0)}/s, run() warm ${later.warm.runsPerSecond.toFixed(0)}/s → warm ${ratio(later.warm.runsPerSecond, later.raw.runsPerSecond)} raw's runs/s`,
  );
  console.log(
    `    CPU ms per run: warm host ${later.warm.hostCpu.toFixed(2)} + helpers ${later.warm.helperCpu.toFixed(2)}, \`true\` itself ${later.warm.commandCpu.toFixed(2)}; ${figures.cores} cores allow ${ceiling(later.warm).toFixed(0)} warm runs/s (warm reached ${((later.warm.runsPerSecond / ceiling(later.warm)) * 100).toFixed(0)} %; ${ratio(ceiling(later.warm), later.raw.runsPerSecond)} raw's runs/s)`,
  );
}

async function crowdedTimeout(storeDir: string): Promise<void> {
  const store = createRecordStore({ dir: storeDir });
  const marker = '611.777';
  const crowd = spawn('sh', ['-c', `for i in $(seq 600); do sleep ${marker} & done; wait`], { stdio: 'ignore', detached: true });
  try {
    while (livePidsWith(`sleep ${marker}`).length < 600) await new Promise((resolve) => setTimeout(resolve, 50));
    const processes = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).length;
    console.log(
      `timeout of a two-sleep tree at 200 ms with ${processes} processes on the machine: ms past the deadline (median of 5), survivors`,
    );
    for (const spawner of ['direct', 'warm'] as Spawner[]) {
      const past: number[] = [];
      let survivors = 0;
      for (let i = 0; i < 5; i++) {
        const seconds = `77.${spawner === 'warm' ? 5 : 1}${i}`;
        const started = performance.now();
        await run(`sleep ${seconds} & sleep ${seconds}`, { store, spawner, timeoutMs: 200 });
        past.push(performance.now() - started - 200);
        survivors += livePidsWith(`sleep ${seconds}`).length;
      }
      past.sort((a, b) => a - b);
      console.log(
        `  ${spawner.padEnd(7)} ${past[2]!.toFixed(0)} ms past (min ${past[0]!.toFixed(0)}, max ${past[4]!.toFixed(0)}), ${survivors} survivors (target ≤ 100 ms, 0)`,
      );
    }
  } finally {
    process.kill(-crowd.pid!, 'SIGKILL');
  }
}

const firstRunsHost = fileURLToPath(new URL('./fixtures/first-runs-host.ts', import.meta.url));

interface FirstRuns {
  ms: number;
  maxDelayMs: number;
  forkedHost: number;
}

/** A host's first 20 runs once it holds 2 GB, its helper prepared at its start or booted by its runs (3 pairs). */
async function firstRuns(): Promise<void> {
  const measure = async (mode: 'prepared' | 'lazy'): Promise<FirstRuns> => {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--max-old-space-size=4096', '--import', 'tsx', firstRunsHost, mode],
      { encoding: 'utf8' },
    );
    return JSON.parse(stdout) as FirstRuns;
  };
  const all: Record<'prepared' | 'lazy', FirstRuns[]> = { prepared: [], lazy: [] };
  for (let pair = 0; pair < 3; pair++) for (const mode of ['prepared', 'lazy'] as const) all[mode].push(await measure(mode));
  const of = (mode: 'prepared' | 'lazy', key: keyof FirstRuns): number => median(all[mode].map((figures) => figures[key]));
  console.log("a host's first 20 runs once it holds 2 GB (medians of 3 alternating pairs):");
  for (const mode of ['prepared', 'lazy'] as const) {
    const label = mode === 'prepared' ? 'prepareSpawner() at its start' : 'helper booted by its runs';
    console.log(
      `  ${label.padEnd(31)} ${of(mode, 'ms').toFixed(0)} ms in all, the loop's longest delay ${of(mode, 'maxDelayMs').toFixed(1)} ms, ${of(mode, 'forkedHost')} runs forked the host`,
    );
  }
}

/** The parts to run: all of them, or those `BENCH_SPAWNER_PARTS` lists (`small,big,first-runs,timeout,big-output`). */
function parts(): Set<string> {
  const listed = process.env.BENCH_SPAWNER_PARTS;
  return new Set(listed ? listed.split(',') : ['small', 'big', 'first-runs', 'timeout', 'big-output']);
}

export default async function bench(): Promise<void> {
  console.log('(2 shared cores, loaded by other work: read the ratios, not the milliseconds)');
  const chosen = parts();
  if (chosen.has('small')) printHost(await measureHost('small'));
  if (chosen.has('big')) printHost(await measureHost('big'));
  if (chosen.has('first-runs')) await firstRuns();
  const storeDir = mkdtempSync(join(tmpdir(), 'tersh-bench-spawner-'));
  try {
    await warmSpawnerReady();
    if (chosen.has('timeout')) await crowdedTimeout(storeDir);
    if (chosen.has('big-output')) await bigOutput(storeDir);
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
}
