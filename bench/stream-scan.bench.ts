// The whole-stream scan run() makes of an output past its inline cap, beside a bare read of the same file, for
// three kinds of stream (see fixtures/scan-streams.ts), in MB/s of wall time and of CPU time (the process's own,
// which a machine loaded by others disturbs less):
//   npx tsx bench/index.ts stream-scan                    200 MB of each kind (TERSH_BENCH_SCAN_MB to change)
//   TERSH_BENCH_GB=1 npx tsx bench/index.ts stream-scan   also run() on a 1 GB log with one error in its middle
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testersFor } from '../src/condense/condense.js';
import { candidateFinder } from '../src/condense/line-candidates.js';
import { cMake } from '../src/condense/recognisers/c-make.js';
import { failureBlocks, failureSignals, summaryLines } from '../src/condense/signals.js';
import { windowFor } from '../src/condense/stream.js';
import { scanStoredStream } from '../src/run/stream-scan.js';
import { writeStream } from './fixtures/scan-streams.js';
import type { StreamKind } from './fixtures/scan-streams.js';

const ROUNDS = 3;
const KINDS: readonly StreamKind[] = ['build log', 'dense short lines', 'every kind'];

async function bareRead(path: string): Promise<number> {
  const file = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  let total = 0;
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length, total);
    if (bytesRead === 0) break;
    total += bytesRead;
  }
  await file.close();
  return total;
}

/** Wall and CPU milliseconds of one run. */
async function timed(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-bench-scan-'));
  const megabytes = Number(process.env.TERSH_BENCH_SCAN_MB ?? 200);
  const testers = testersFor(cMake).stdout;
  try {
    console.log(
      `whole-stream scan (c-make testers), ${megabytes} MB each, median of ${ROUNDS} (best in brackets), MB/s wall | CPU`,
    );
    for (const kind of KINDS) {
      const path = join(dir, 'stream.log');
      await writeStream(kind, megabytes * 1e6, path);
      const bytes = statSync(path).size;
      const head = Buffer.alloc(64 * 1024);
      const fd = openSync(path, 'r');
      readSync(fd, head, 0, head.length, 0);
      closeSync(fd);
      const read: { wall: number; cpu: number }[] = [];
      const scan: { wall: number; cpu: number }[] = [];
      let kept = 0;
      for (let round = 0; round < ROUNDS; round++) {
        read.push(await timed(() => bareRead(path)));
        scan.push(
          await timed(async () => {
            kept = (await scanStoredStream({ path, bytes, head, testers, window: windowFor(2000) })).lines.length;
          }),
        );
      }
      const rate = (ms: number): string => ((bytes / 1e6 / ms) * 1000).toFixed(0);
      const show = (runs: { wall: number; cpu: number }[]): string => {
        const wall = runs.map((r) => r.wall);
        const cpu = runs.map((r) => r.cpu);
        return `${rate(median(wall)).padStart(5)} (${rate(Math.min(...wall))}) | ${rate(median(cpu)).padStart(5)} (${rate(Math.min(...cpu))})`;
      };
      const ratio = (pick: (r: { wall: number; cpu: number }) => number): string =>
        (median(scan.map(pick)) / median(read.map(pick))).toFixed(1);
      console.log(
        `  ${kind.padEnd(18)} bare read ${show(read)}   scan ${show(scan)}   scan/read ${ratio((r) => r.wall)}× wall, ${ratio((r) => r.cpu)}× CPU; ${kept} entries kept`,
      );
      {
        // the same scan with the literal search's byte loops in JavaScript (a runtime without WebAssembly)
        const patterns = [...(cMake.summary ?? []), ...summaryLines, ...(cMake.signals ?? []), ...failureSignals];
        const starts = [...(cMake.blocks ?? []), ...failureBlocks].map((block) => block.start);
        const notable = [...patterns, ...starts].map((item) => (item instanceof RegExp ? item : item.guard));
        const inJavaScript = { ...testers, notableCandidates: candidateFinder(notable, false) };
        const js = await timed(() => scanStoredStream({ path, bytes, head, testers: inJavaScript, window: windowFor(2000) }));
        console.log(
          `  ${''.padEnd(18)} JavaScript search (once): ${rate(js.wall)} | ${rate(js.cpu)}; WebAssembly is ${(js.cpu / median(scan.map((r) => r.cpu))).toFixed(1)}× faster (CPU)`,
        );
      }
      if (kind === 'build log') {
        // the same scan with no candidate finder: every line decoded, cut out and tested (what it did before)
        const everyLine = { ...testers, notableCandidates: undefined };
        const slow = await timed(() => scanStoredStream({ path, bytes, head, testers: everyLine, window: windowFor(2000) }));
        console.log(
          `  ${''.padEnd(18)} every line tested (once): ${rate(slow.wall)} | ${rate(slow.cpu)}; the scan is ${(slow.cpu / median(scan.map((r) => r.cpu))).toFixed(1)}× faster (CPU)`,
        );
      }
      rmSync(path);
    }
    if (process.env.TERSH_BENCH_GB === '1') runOneGigabyte(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** run() on a 1 GB log in a host process of its own: the error kept at its line, and the host's RSS growth. */
function runOneGigabyte(dir: string): void {
  const host = join(import.meta.dirname, '../test/fixtures/run/error-middle-host.ts');
  const out = execFileSync('npx', ['tsx', host, join(dir, 'records'), 'build', '17000000'], {
    encoding: 'utf8',
    timeout: 900_000,
  });
  const report = JSON.parse(out.trim().split('\n').at(-1) as string) as {
    at?: number;
    fetched?: string;
    ms: number;
    growthMb: number;
    stdoutLines: number;
  };
  console.log(
    `1 GB log through run(): ${report.stdoutLines} lines; error shown at line ${report.at} (detail: ${JSON.stringify(report.fetched)}); ${(report.ms / 1000).toFixed(1)} s; host RSS +${report.growthMb.toFixed(0)} MB`,
  );
}
