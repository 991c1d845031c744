// condense() against two plain cuts on the real-output fixtures of test/fixtures/condense:
// token reduction (real tokens, gpt-tokenizer o200k), must-keep recall, and throughput.
//   npx tsx bench/index.ts condense
import { encode } from 'gpt-tokenizer';
import { condense, estimateTokens, normalizeText } from '../src/condense/index.js';
import { loadFixtures, loadOutsiderFixtures } from '../test/condense/fixtures.js';
import type { Fixture } from '../test/condense/fixtures.js';
import { oracleView } from './condense-oracle.js';
import { spendTable } from './condense-spend.js';

type Cut = (fixture: Fixture) => string;

const both = (f: Fixture): string => `${normalizeText(f.stdout)}\n${normalizeText(f.stderr)}`;

const headTail50: Cut = (f) => {
  const lines = both(f).split('\n');
  if (lines.length <= 100) return lines.join('\n');
  return [...lines.slice(0, 50), `[… ${lines.length - 100} lines omitted …]`, ...lines.slice(-50)].join('\n');
};

/** Codex-style: whole when under 10 000 tokens, else the first and last 5 000 tokens' worth of lines. */
const codexCut: Cut = (f) => {
  const text = both(f);
  if (estimateTokens(text) <= 10_000) return text;
  const lines = text.split('\n');
  const take = (ordered: string[]): string[] => {
    const out: string[] = [];
    let spent = 0;
    for (const line of ordered) {
      spent += estimateTokens(line) + 1;
      if (spent > 5_000) break;
      out.push(line);
    }
    return out;
  };
  const head = take(lines);
  const tail = take([...lines].reverse()).reverse();
  return [...head, '[… truncated …]', ...tail].join('\n');
};

const condensed: Cut = (f) => {
  const result = condense(
    { command: f.command, stdout: f.stdout, stderr: f.stderr, exitCode: f.exitCode },
    { recordId: 'r_bench' },
  );
  return `${result.stdout}\n${result.stderr}`;
};

interface Score {
  pooledReduction: number;
  meanReduction: number;
  recall: number;
  kept: number;
  wanted: number;
}

function score(fixtures: Fixture[], cut: Cut): Score {
  let before = 0;
  let after = 0;
  let sumReduction = 0;
  let kept = 0;
  let wanted = 0;
  for (const fixture of fixtures) {
    const raw = encode(`${fixture.stdout}\n${fixture.stderr}`).length;
    const output = cut(fixture);
    const shown = encode(output).length;
    before += raw;
    after += shown;
    sumReduction += 1 - shown / raw;
    for (const line of fixture.mustKeep) {
      wanted++;
      if (output.includes(line)) kept++;
    }
  }
  return {
    pooledReduction: 1 - after / before,
    meanReduction: sumReduction / fixtures.length,
    recall: kept / wanted,
    kept,
    wanted,
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`.padStart(7);

function table(title: string, fixtures: Fixture[]): void {
  const rows: [string, Score][] = [
    ['condense (2000)', score(fixtures, condensed)],
    ['head 50 + tail 50', score(fixtures, headTail50)],
    ['codex 10k head/tail', score(fixtures, codexCut)],
    // the ceiling at 100% recall: the must-keep lines and one exact marker per gap (bench/condense-oracle.ts)
    ['oracle (must-keep)', score(fixtures, oracleView)],
  ];
  console.log(`\n${title} (${fixtures.length} cases)`);
  console.log(`${'strategy'.padEnd(22)} ${'pooled red.'.padStart(11)} ${'mean red.'.padStart(10)} ${'recall'.padStart(8)}`);
  for (const [name, s] of rows) {
    console.log(
      `${name.padEnd(22)} ${pct(s.pooledReduction).padStart(11)} ${pct(s.meanReduction).padStart(10)} ${pct(s.recall).padStart(8)}  (${s.kept}/${s.wanted})`,
    );
  }
  const [, mine] = rows[0] as [string, Score];
  const [, ht] = rows[1] as [string, Score];
  const [, codex] = rows[2] as [string, Score];
  console.log(
    `ratios: tokens left vs head/tail ${((1 - mine.pooledReduction) / (1 - ht.pooledReduction)).toFixed(2)}×, vs codex ${((1 - mine.pooledReduction) / (1 - codex.pooledReduction)).toFixed(2)}×; lines lost vs head/tail ${mine.wanted - mine.kept} vs ${ht.wanted - ht.kept}, vs codex ${codex.wanted - codex.kept}`,
  );
}

/**
 * MB per second of wall time and of CPU time (the machine may be shared), from the median of `rounds` timed
 * rounds after one untimed round (the first pays for compiling the code and the patterns), and from the
 * fastest round (the least disturbed by other work on the machine, as Python's timeit advises).
 */
function measure(bytes: number, run: () => void, rounds = 7): string {
  run();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    run();
    walls.push((performance.now() - start) / 1000);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1e6);
  }
  const sorted = [...walls].sort((a, b) => a - b);
  const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
  const rate = (seconds: number): string => (bytes / seconds / 1e6).toFixed(1);
  return `${rate(median(walls))} MB/s wall, ${rate(median(cpus))} MB/s CPU (median of ${rounds}); fastest round ${rate(sorted[0] as number)} MB/s`;
}

function throughput(fixtures: Fixture[]): void {
  const bytes = fixtures.reduce((sum, f) => sum + Buffer.byteLength(f.stdout) + Buffer.byteLength(f.stderr), 0);
  console.log(
    `\nthroughput, all ${fixtures.length} fixtures as captured, one condense() each (${(bytes / 1e6).toFixed(2)} MB a round): ${measure(
      bytes,
      () => {
        for (const f of fixtures) condense({ command: f.command, stdout: f.stdout, stderr: f.stderr, exitCode: f.exitCode });
      },
      15,
    )}`,
  );
  const piped = fixtures.filter(
    (f) => (f.kind === 'build' || f.kind === 'log' || f.kind === 'test') && !f.captured.startsWith('pty'),
  );
  const log = Buffer.from(
    piped
      .map((f) => f.stdout + f.stderr)
      .join('')
      .repeat(40),
  ).toString('utf8');
  console.log(
    `throughput, one ${(log.length / 1e6).toFixed(0)} MB build/test log captured through pipes: ${measure(Buffer.byteLength(log), () => condense({ command: 'make', stdout: log, exitCode: 2 }))}`,
  );
  // run() keeps at most a 256 KiB head and a 4 MiB tail of a stream in memory: the most it ever hands condense().
  const runSized = log.slice(0, 4 * 1024 * 1024);
  console.log(
    `throughput, the largest view run() condenses (${(runSized.length / 1e6).toFixed(1)} MB of that log): ${measure(Buffer.byteLength(runSized), () => condense({ command: 'make', stdout: runSized, exitCode: 2 }), 15)}`,
  );
  const pty = Buffer.from(
    fixtures
      .filter((f) => f.captured.startsWith('pty'))
      .map((f) => f.stdout)
      .join('')
      .repeat(40),
  ).toString('utf8');
  console.log(
    `throughput, one ${(pty.length / 1e6).toFixed(0)} MB terminal capture (ANSI, carriage returns): ${measure(Buffer.byteLength(pty), () => condense({ command: 'make', stdout: pty, exitCode: 2 }))}`,
  );
  const text = fixtures.map((f) => f.stdout).join('');
  let sum = 0;
  console.log(
    `calibration, a bare charCodeAt loop over the same text on this machine: ${measure(
      text.length,
      () => {
        for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
      },
      15,
    )}${sum < 0 ? '' : ''}`,
  );
  console.log(`estimateTokens: ${measure(text.length, () => estimateTokens(text), 15)}`);
}

const diagnosticOf = (rows: Fixture[]): Fixture[] => rows.filter((f) => f.class === 'diagnostic');

/** Names of the outsider captures added after the first 48 (g2-, g3- diagnostic, d2- data). */
const SECOND_SET = /^(?:g2|g3|d2)-/;

export default async function main(): Promise<void> {
  const fixtures = loadFixtures();
  if (process.env.CONDENSE_BENCH_QUALITY_ONLY === '1') return quality(fixtures);
  // Throughput first, before the real tokenizer fills the heap the timed rounds would then collect around.
  throughput(fixtures);
  quality(fixtures);
}

function quality(fixtures: Fixture[]): void {
  console.log('\nbaselines cut the normalised text (ANSI and carriage-return frames already removed), which flatters them');
  table(
    'build, test and error outputs',
    fixtures.filter((f) => ['build', 'test', 'error'].includes(f.kind)),
  );
  table(
    'build, test and error outputs over 2000 tokens',
    fixtures.filter((f) => ['build', 'test', 'error'].includes(f.kind) && estimateTokens(f.stdout + f.stderr) > 2000),
  );
  table(
    'data, log and progress outputs',
    fixtures.filter((f) => !['build', 'test', 'error'].includes(f.kind)),
  );
  table('all outputs', fixtures);
  // The outsider captures (issue 15): the frozen half is reported only in aggregate, never tuned on.
  const outsiders = loadOutsiderFixtures();
  for (const half of ['tune', 'frozen'] as const) {
    const rows = outsiders.filter((f) => f.half === half);
    table(
      `outsider ${half} half: diagnostic outputs`,
      rows.filter((f) => f.class === 'diagnostic'),
    );
    table(
      `outsider ${half} half: data outputs`,
      rows.filter((f) => f.class === 'data'),
    );
    table(`outsider ${half} half: all`, rows);
    // aggregate over the half: the frozen one's rows are never printed one by one
    spendTable(`outsider ${half} half, diagnostic outputs over 2000 tokens`, diagnosticOf(rows), 2000);
    spendTable(
      `outsider ${half} half, diagnostic outputs within 2000 tokens`,
      diagnosticOf(rows).filter((f) => estimateTokens(f.stdout + f.stderr) <= 2000),
      0,
    );
    // the second set (g2- diagnostic captures) apart from the first 48, so each can be compared with what came before
    const diagnostic = rows.filter((f) => f.class === 'diagnostic');
    table(
      `outsider ${half} half: diagnostic, first set`,
      diagnostic.filter((f) => !SECOND_SET.test(f.name)),
    );
    table(
      `outsider ${half} half: diagnostic, second set (g2-)`,
      diagnostic.filter((f) => f.name.startsWith('g2-')),
    );
    table(
      `outsider ${half} half: diagnostic, third set (g3-)`,
      diagnostic.filter((f) => f.name.startsWith('g3-')),
    );
    // The second batch (d2-*, data outputs) apart from the first 48, so each is reported on its own.
    table(
      `outsider ${half} half: data outputs of the first 48`,
      rows.filter((f) => f.class === 'data' && !f.name.startsWith('d2-')),
    );
    table(
      `outsider ${half} half: data outputs of the d2 batch`,
      rows.filter((f) => f.name.startsWith('d2-')),
    );
  }
}
