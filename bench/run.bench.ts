// run() against raw child_process.spawn, tinyexec and execa 9, side by side:
// latency per command, 1 GB of stdout (wall time and peak RSS), and a timeout with background children.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { x } from 'tinyexec';
import { createRecordStore, run } from '../src/index.js';

const storeDir = mkdtempSync(join(tmpdir(), 'tersh-bench-'));
const store = createRecordStore({ dir: storeDir, maxBytes: 4 * 1024 ** 3 });

function rawSpawn(file: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', () => undefined);
    child.stderr.on('data', () => undefined);
    child.on('close', (code) => resolve(code ?? -1));
  });
}

async function timePerCall(label: string, times: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await call();
  const started = performance.now();
  for (let i = 0; i < times; i++) await call();
  const perCall = (performance.now() - started) / times;
  console.log(`  ${label.padEnd(28)} ${perCall.toFixed(2)} ms/call`);
  return perCall;
}

async function latency(): Promise<void> {
  console.log('latency of `true` (sequential calls)');
  const times = 300;
  // Interleave rounds so drift on a shared machine hits every contender alike.
  const totals = { raw: 0, tersh: 0, tinyexec: 0, execa: 0 };
  for (let round = 0; round < 3; round++) {
    totals.raw += await timePerCall('child_process.spawn', times, () => rawSpawn('true', []));
    totals.tersh += await timePerCall("tersh run('true')", times, () => run('true', { store }));
    totals.tinyexec += await timePerCall('tinyexec', times, async () => x('true', []));
    totals.execa += await timePerCall('execa 9', times, () => execa('true', [], { reject: false }));
  }
  console.log(
    `  → tersh/raw ${(totals.tersh / totals.raw).toFixed(2)}×  tinyexec/raw ${(totals.tinyexec / totals.raw).toFixed(2)}×  execa/raw ${(totals.execa / totals.raw).toFixed(2)}×  (target tersh ≤ 1.15×)`,
  );
}

async function measurePeakRss(call: () => Promise<unknown>): Promise<{ ms: number; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  await call();
  clearInterval(timer);
  return { ms: performance.now() - started, growthMb: (peak - before) / 1024 / 1024 };
}

async function bigOutput(): Promise<void> {
  console.log('1 GB of stdout');
  const command = 'head -c 1073741824 /dev/zero';
  const raw = await measurePeakRss(() => rawSpawn('head', ['-c', '1073741824', '/dev/zero']));
  console.log(`  raw spawn, discarding        ${raw.ms.toFixed(0)} ms, RSS +${raw.growthMb.toFixed(1)} MB`);
  let id = '';
  const tersh = await measurePeakRss(async () => (id = (await run(command, { store, timeoutMs: 600_000 })).id));
  console.log(`  tersh run (whole to disk)    ${tersh.ms.toFixed(0)} ms, RSS +${tersh.growthMb.toFixed(1)} MB`);
  console.log(
    `  → tersh/raw ${(tersh.ms / raw.ms).toFixed(2)}× wall time, ${tersh.growthMb.toFixed(1)} MB RSS growth (targets ≤ 1.2×, ≤ 64 MB)`,
  );
  rmSync(join(storeDir, id), { recursive: true, force: true });
}

function survivors(marker: string): number {
  let count = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').includes(marker)) count++;
    } catch {
      // gone
    }
  }
  return count;
}

async function timeoutWithChildren(): Promise<void> {
  console.log("timeout at 200 ms of sh -c 'sleep N & sleep N & wait'");
  const cases: Array<[string, (cmd: string) => Promise<unknown>]> = [
    ['tersh run', (cmd) => run(cmd, { store, timeoutMs: 200 })],
    ['execa 9 (timeout: 200)', (cmd) => execa('sh', ['-c', cmd.slice(7, -1)], { timeout: 200, reject: false })],
    ['tinyexec (timeout: 200)', async (cmd) => x('sh', ['-c', cmd.slice(7, -1)], { timeout: 200, throwOnError: false })],
  ];
  for (const [label, call] of cases) {
    const marker = `sleep ${Math.floor(400 + Math.random() * 500)}.${Math.floor(Math.random() * 1000)}`;
    const cmd = `sh -c '${marker} & ${marker} & wait'`;
    const started = performance.now();
    const settled = await Promise.race([call(cmd).then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
    const past = performance.now() - started - 200;
    await new Promise((r) => setTimeout(r, 100));
    const left = survivors(marker);
    console.log(
      `  ${label.padEnd(28)} ${settled ? `settled ${past.toFixed(0)} ms past the deadline` : 'still hanging after 5 s'}, ${left} survivors`,
    );
    if (left > 0) spawn('pkill', ['-f', marker]);
  }
  console.log('  (targets for tersh: ≤ 300 ms past the deadline, 0 survivors)');
}

export default async function main(): Promise<void> {
  try {
    await latency();
    await bigOutput();
    await timeoutWithChildren();
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
