// 1 GiB through run() against raw child_process.spawn reading and discarding, both line sizes, both spawners,
// interleaved and repeated (the machine is shared: medians). Raw is measured twice: in the host's session, and
// in a session of its own (`detached: true`, as run() must start a command to kill its group), since on Linux a
// new session is a new scheduler autogroup, and on a loaded machine that alone costs several times raw.
// A fifth way shows what one copy fewer would buy: the command writes the file itself (`> file`, what run() would do if
// the record were the child's stdout), and the host reads it back once, as run() would to count lines and keep a tail.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { statCpuMs } from './proc-cpu.js';
import { join } from 'node:path';
import { createRecordStore, run } from '../src/index.js';

const GIB = 1024 ** 3;
const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Way = 'raw' | 'raw, own session' | 'child > file, read' | 'run() direct' | 'run() warm';
const ALL_WAYS: Way[] = ['raw', 'raw, own session', 'child > file, read', 'run() direct', 'run() warm'];
// While iterating: `BENCH_BIG_WAYS='raw;run() warm'` and `BENCH_BIG_LINES=80` run fewer (report with all of them).
const WAYS = process.env.BENCH_BIG_WAYS
  ? ALL_WAYS.filter((way) => process.env.BENCH_BIG_WAYS!.split(';').includes(way))
  : ALL_WAYS;

interface Sample {
  ms: number;
  cpuMs: number;
  /** Of which the main thread's (the rest: the thread pool writing the record, GC helpers). */
  mainCpuMs: number;
  /** The main thread's own read syscalls and voluntary context switches (a child's are not counted). */
  mainReads: number;
  mainSwitches: number;
  growthMb: number;
  lines?: number | undefined;
}

function rawDiscard(command: string, ownSession: boolean): Promise<undefined> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'], detached: ownSession });
    child.stdout.on('data', () => undefined);
    child.stderr.resume();
    child.on('close', () => resolve(undefined));
  });
}

/** The command writes its output into a file itself; the host then reads the file once and discards it. */
async function childIntoFile(command: string, path: string): Promise<undefined> {
  await new Promise((resolve) => {
    const child = spawn('sh', ['-c', `${command} > '${path}'`], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    child.stderr.resume();
    child.on('close', resolve);
  });
  const file = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  while ((await file.read(buffer, 0, buffer.length, null)).bytesRead > 0);
  await file.close();
  return undefined;
}

/** The main thread's read syscalls and voluntary context switches so far. */
function mainThreadCounts(): { reads: number; switches: number } {
  const io = readFileSync(`/proc/self/task/${process.pid}/io`, 'utf8');
  const status = readFileSync(`/proc/self/task/${process.pid}/status`, 'utf8');
  return {
    reads: Number(/syscr:\s+(\d+)/.exec(io)![1]),
    switches: Number(/\nvoluntary_ctxt_switches:\s+(\d+)/.exec(status)![1]),
  };
}

/** CPU ms the main thread has used so far (Linux: clock ticks of 10 ms). */
function mainThreadCpuMs(): number {
  return statCpuMs(`/proc/self/task/${process.pid}/stat`);
}

/** Wall time, this process's CPU time (every thread, and the main one's) and peak RSS growth of one call. */
async function measure(call: () => Promise<number | undefined>): Promise<Sample> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuMs();
  const counts = mainThreadCounts();
  const started = performance.now();
  const lines = await call();
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const { reads, switches } = mainThreadCounts();
  clearInterval(timer);
  return {
    ms,
    cpuMs: (user + system) / 1000,
    mainCpuMs: mainThreadCpuMs() - mainCpu,
    mainReads: reads - counts.reads,
    mainSwitches: switches - counts.switches,
    growthMb: (peak - before) / 2 ** 20,
    lines,
  };
}

/** Prints, per line size, each way's median wall time, its ratio to raw (and to raw in its own session), host CPU and RSS. */
export async function bigOutput(storeDir: string, repeats = Number(process.env.BENCH_REPEATS ?? 3)): Promise<void> {
  const bytes = Number(process.env.BENCH_BIG_MIB ?? 1024) * 2 ** 20;
  const store = createRecordStore({ dir: storeDir, maxBytes: 4 * GIB });
  const allCases = { '80-byte lines': `yes ${'x'.repeat(79)} | head -c ${bytes}`, '2-byte lines': `yes | head -c ${bytes}` };
  const lineSizes = process.env.BENCH_BIG_LINES?.split(',');
  const cases = Object.fromEntries(
    Object.entries(allCases).filter(([name]) => !lineSizes || lineSizes.some((size) => name.startsWith(`${size}-`))),
  );
  console.log(
    `${(bytes / GIB).toFixed(2)} GiB of output, median of ${repeats} interleaved runs: raw spawn reading and discarding, against run() (condense: lossless; whole to disk)`,
  );
  for (const [name, command] of Object.entries(cases)) {
    const samples = new Map<Way, Sample[]>(WAYS.map((way) => [way, []]));
    for (let round = 0; round < repeats; round += 1) {
      for (const way of WAYS) {
        let recordId: string | undefined;
        const sample = await measure(async () => {
          if (way === 'raw' || way === 'raw, own session') return rawDiscard(command, way !== 'raw');
          if (way === 'child > file, read') return childIntoFile(command, join(storeDir, 'child-output'));
          const result = await run(command, {
            store,
            spawner: way === 'run() warm' ? 'warm' : 'direct',
            timeoutMs: 600_000,
            condense: 'lossless',
          });
          recordId = result.id;
          return result.stdoutLines;
        });
        // Removing the record is the bench's cleanup, not the run's: unlinking 1 GiB of ext4 takes 0.1-0.4 s.
        rmSync(join(storeDir, recordId ?? 'child-output'), { recursive: true, force: true });
        samples.get(way)!.push(sample);
      }
    }
    const raw = median((samples.get('raw') ?? []).map((sample) => sample.ms));
    const ownSession = median((samples.get('raw, own session') ?? []).map((sample) => sample.ms));
    console.log(`  ${name}`);
    for (const way of WAYS) {
      const runs = samples.get(way)!;
      const ms = median(runs.map((sample) => sample.ms));
      const cpuPerGib = (median(runs.map((sample) => sample.cpuMs)) * GIB) / bytes;
      const perGib = (pick: (sample: Sample) => number): string => ((median(runs.map(pick)) * GIB) / bytes).toFixed(0);
      const mainPerGib = (median(runs.map((sample) => sample.mainCpuMs)) * GIB) / bytes;
      const othersPerGib = perGib((sample) => sample.cpuMs - sample.mainCpuMs);
      const thousands = (pick: (sample: Sample) => number): string => `${(Number(perGib(pick)) / 1000).toFixed(0)}k`;
      const growth = Math.max(...runs.map((sample) => sample.growthMb));
      const lines = runs[0]!.lines === undefined ? '' : `, ${runs[0]!.lines} lines`;
      console.log(
        `    ${way.padEnd(17)} ${ms.toFixed(0).padStart(6)} ms  ${ratio(ms, raw)} raw, ${ratio(ms, ownSession)} own-session raw; host CPU ${cpuPerGib.toFixed(0)} ms/GiB (main thread ${mainPerGib.toFixed(0)}, other threads ${othersPerGib}; main thread ${thousands((sample) => sample.mainReads)} reads, ${thousands((sample) => sample.mainSwitches)} switches), RSS +${growth.toFixed(0)} MB${lines}  (${runs.map((sample) => sample.ms.toFixed(0)).join(' ')})`,
      );
    }
  }
  console.log(
    '  (targets: 80-byte ≤ 1.2× raw, 2-byte ≤ 1.5×, RSS ≤ 64 MB; other threads: the thread pool writing the record, GC)',
  );
}
