// The whole-stream scan run() makes of an output past its inline cap, beside a bare read of the same file:
//   npx tsx bench/index.ts stream-scan              100 MB build log, scan vs read (MB/s and ratio)
//   TERSH_BENCH_GB=1 npx tsx bench/index.ts stream-scan   also run() on a 1 GB log with one error in its middle
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testersFor } from '../src/condense/condense.js';
import { cMake } from '../src/condense/recognisers/c-make.js';
import { windowFor } from '../src/condense/stream.js';
import { scanStoredStream } from '../src/run/stream-scan.js';
import { errorInMiddleCommand } from '../test/fixtures/run/error-middle.js';

const ROUNDS = 5;

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

/** The floor of any line-by-line scan: read, decode and cut every line out, testing none. */
async function readAndSplit(path: string): Promise<number> {
  const file = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const decoder = new TextDecoder();
  let total = 0;
  let lines = 0;
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length, total);
    if (bytesRead === 0) break;
    total += bytesRead;
    const text = decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
    let at = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', at)) {
      if (text.slice(at, nl).length > 0) lines++;
      at = nl + 1;
    }
  }
  await file.close();
  return lines;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-bench-scan-'));
  try {
    const lines = 1_700_000;
    const path = join(dir, 'build.log');
    const { command } = errorInMiddleCommand('build', lines);
    execSync(`${command} > ${path}; true`, { shell: '/bin/sh' });
    const bytes = statSync(path).size;
    const head = Buffer.alloc(64 * 1024);
    const fd = openSync(path, 'r');
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    const testers = testersFor(cMake).stdout;
    const read = [];
    const split = [];
    const scan = [];
    const lineByLine = [];
    // the same scan with no candidate finder: every line decoded, cut out and tested (what it did before)
    const everyLine = { ...testers, notableCandidates: undefined };
    let kept = 0;
    for (let round = 0; round < ROUNDS; round++) {
      read.push(await timed(() => bareRead(path)));
      split.push(await timed(() => readAndSplit(path)));
      scan.push(
        await timed(async () => {
          kept = (await scanStoredStream({ path, bytes, head, testers, window: windowFor(2000) })).lines.length;
        }),
      );
      lineByLine.push(await timed(() => scanStoredStream({ path, bytes, head, testers: everyLine, window: windowFor(2000) })));
    }
    const mbps = (ms: number): string => ((bytes / 1e6 / ms) * 1000).toFixed(0);
    console.log(
      `${(bytes / 1e6).toFixed(0)} MB build log, ${lines} lines, one error in the middle (median of ${ROUNDS}, fastest in brackets)`,
    );
    console.log(`  bare read (1 MiB reads)        ${mbps(median(read)).padStart(6)} MB/s  (${mbps(Math.min(...read))})`);
    console.log(`  read, decode, split lines      ${mbps(median(split)).padStart(6)} MB/s  (${mbps(Math.min(...split))})`);
    console.log(
      `  scan, every line tested        ${mbps(median(lineByLine)).padStart(6)} MB/s  (${mbps(Math.min(...lineByLine))})  ${(median(lineByLine) / median(read)).toFixed(1)}× the read`,
    );
    console.log(
      `  whole-stream scan              ${mbps(median(scan)).padStart(6)} MB/s  (${mbps(Math.min(...scan))})  ${(median(scan) / median(read)).toFixed(1)}× the read, ${(median(lineByLine) / median(scan)).toFixed(1)}× faster than every line; ${kept} entries kept`,
    );
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
