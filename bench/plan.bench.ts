// plan(): throughput and latency of the synchronous planner on a realistic agent mix,
// side by side with the async plan(), a bare tree-sitter parse, and a naive regex matcher.
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { createPlanner, plan } from '../src/plan/index.js';
import { splitPlainCommand } from '../src/plan/fast-path.js';
import { allRows } from '../test/plan/corpus/index.js';

const realisticMix = [
  'git status',
  'git status --short',
  'git diff',
  'git diff --stat',
  'git log --oneline -20',
  'git add -A',
  'git commit -m "fix: handle empty input"',
  'git checkout -b feature/x',
  'git push origin feature/x',
  'git pull --rebase',
  'ls',
  'ls -la',
  'ls -la src',
  'pwd',
  'cat package.json',
  'cat src/index.ts',
  'head -n 50 README.md',
  'tail -n 100 logs/app.log',
  'grep -rn "TODO" src',
  'rg -n "createPlanner" src test',
  'rg --files | head -50',
  'find . -name "*.ts" -not -path "./node_modules/*"',
  'wc -l src/**/*.ts',
  'sed -n "1,80p" src/plan/walk.ts',
  'npm test',
  'npm run build',
  'npm run lint -- --fix',
  'npm install',
  'npm i -D vitest',
  'npx vitest run test/plan',
  'npx tsc --noEmit',
  'node scripts/gen.js',
  'python3 -m pytest -q',
  'pip install -r requirements.txt',
  'python3 manage.py migrate',
  'make',
  'make test',
  'cargo build',
  'cargo test',
  'go test ./...',
  'mkdir -p dist',
  'rm -rf dist',
  'rm -f coverage/lcov.info',
  'cp .env.example .env',
  'mv old.ts new.ts',
  'touch src/new.ts',
  'cd packages/core && npm test',
  'npm test 2>&1 | tail -30',
  'ls src | wc -l',
  'cat data.json | jq ".items | length"',
  'echo $PATH',
  'which node',
  'node --version',
  'docker ps',
  'docker compose up -d',
  'kubectl get pods -n staging',
  'curl -s https://api.example.com/health',
  'echo "done" > status.txt',
  'git stash',
  'git reset --hard HEAD~1',
  'ps aux | grep node',
  'du -sh node_modules',
  'df -h',
  'env | grep NODE',
  'tree -L 2 src',
  'diff -u a.txt b.txt',
];

// What shell-quote style tools do: split on whitespace and test regexes, no grammar.
const naivePatterns = [
  /\brm\s+-\w*[rf]/,
  /\bgit\s+push\b.*(-f|--force)/,
  /\bgit\s+reset\s+--hard/,
  /\bgit\s+clean\s+-\w*f/,
  /\bdrop\s+(table|database)/i,
  /\bkubectl\s+delete\b/,
  /\bterraform\s+destroy\b/,
  /\bmkfs/,
  /\bdd\s+.*of=/,
  /\|\s*(ba)?sh\b/,
];
function naiveIsDestructive(command: string): boolean {
  const normalized = command.split(/\s+/).join(' ');
  return naivePatterns.some((p) => p.test(normalized));
}

function throughput(fn: (command: string) => unknown, commands: readonly string[], ms: number): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 64; i++) fn(commands[(n + i) % commands.length] as string);
    n += 64;
  }
  return n / ((performance.now() - start) / 1000);
}

function latencies(
  fn: (command: string) => unknown,
  commands: readonly string[],
  count: number,
): { p50: number; p99: number; max: number } {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const command = commands[i % commands.length] as string;
    const start = process.hrtime.bigint();
    fn(command);
    times[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  times.sort();
  return {
    p50: times[Math.floor(count * 0.5)] as number,
    p99: times[Math.floor(count * 0.99)] as number,
    max: times[count - 1] as number,
  };
}

async function asyncThroughput(commands: readonly string[], ms: number): Promise<number> {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 64; i++) await plan(commands[(n + i) % commands.length] as string);
    n += 64;
  }
  return n / ((performance.now() - start) / 1000);
}

export default async function main(): Promise<void> {
  const planner = await createPlanner();
  const parser = new Parser();
  parser.setLanguage(await Language.load(createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm')));
  const bareParse = (command: string) => parser.parse(command)?.delete();
  // A trailing comment changes no plan but sends every command through the parser.
  const parsedMix = realisticMix.map((command) => `${command} # parsed`);
  const corpusCommands = allRows.map(([command]) => command).filter((c) => c.length <= 10_000);

  // The wasm parser tiers up from its baseline compiler over the first seconds: measure warm code only.
  throughput(planner.plan, corpusCommands, 3000);
  for (const fn of [planner.plan, bareParse, naiveIsDestructive]) throughput(fn, realisticMix, 1000);
  await asyncThroughput(realisticMix, 1000);

  // The machine is shared: variants are measured in interleaved rounds and the median round is reported.
  const variants: [string, () => Promise<number>][] = [
    ['planner.plan (sync)', async () => throughput(planner.plan, realisticMix, 400)],
    ['planner.plan, all parsed', async () => throughput(planner.plan, parsedMix, 400)],
    ['await plan() (async)', () => asyncThroughput(realisticMix, 400)],
    ['bare tree-sitter parse', async () => throughput(bareParse, realisticMix, 400)],
    ['naive regex match', async () => throughput(naiveIsDestructive, realisticMix, 200)],
    ['planner.plan on the corpus', async () => throughput(planner.plan, corpusCommands, 400)],
  ];
  const rounds = variants.map(() => [] as number[]);
  for (let round = 0; round < 9; round++) {
    for (const [i, [, measure]] of variants.entries()) rounds[i]?.push(await measure());
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const latency: Record<string, ReturnType<typeof latencies>> = {
    'planner.plan (sync)': latencies(planner.plan, realisticMix, 50_000),
    'planner.plan, all parsed': latencies(planner.plan, parsedMix, 50_000),
    'bare tree-sitter parse': latencies(bareParse, realisticMix, 50_000),
    'naive regex match': latencies(naiveIsDestructive, realisticMix, 50_000),
    'planner.plan on the corpus': latencies(planner.plan, corpusCommands, 50_000),
  };
  const rows: [string, number, ReturnType<typeof latencies> | undefined][] = variants.map(([name], i) => [
    name,
    median(rounds[i] ?? [0]),
    latency[name],
  ]);
  const base = rows[0]?.[1] ?? 1;
  const plainShare = (commands: readonly string[]) => commands.filter((c) => splitPlainCommand(c) !== null).length;
  console.log(
    `realistic mix: ${realisticMix.length} commands (${plainShare(realisticMix)} plain, planned without the parser); corpus: ${corpusCommands.length} commands (${plainShare(corpusCommands)} plain)`,
  );
  console.log(
    'variant                      commands/s   ratio    p50 µs   p99 µs   max µs   (commands/s: median of 9 interleaved rounds)',
  );
  for (const [name, perSecond, lat] of rows) {
    const l = lat
      ? `${lat.p50.toFixed(1).padStart(8)} ${lat.p99.toFixed(1).padStart(8)} ${lat.max.toFixed(0).padStart(8)}`
      : '       -        -        -';
    console.log(`${name.padEnd(28)} ${perSecond.toFixed(0).padStart(10)} ${(perSecond / base).toFixed(2).padStart(7)}x ${l}`);
  }

  // On a shared machine wall time counts the other processes' turns too; CPU time counts only the planner's.
  const cpuStart = process.cpuUsage();
  const cpuPlans = 50_000;
  for (let i = 0; i < cpuPlans; i++) planner.plan(realisticMix[i % realisticMix.length] as string);
  const cpu = process.cpuUsage(cpuStart);
  console.log(`planner.plan (sync) per CPU second: ${Math.round(cpuPlans / ((cpu.user + cpu.system) / 1e6))} commands/s`);

  const destructiveRows = allRows.filter(([, label]) => label === 'destructive' || label === 'complex!');
  const readOnlyRows = allRows.filter(([, label]) => label === 'read-only');
  const recall = (isDestructive: (c: string) => boolean) =>
    destructiveRows.filter(([c]) => isDestructive(c)).length / destructiveRows.length;
  const falsePositives = (isFlagged: (c: string) => boolean) =>
    readOnlyRows.filter(([c]) => isFlagged(c)).length / readOnlyRows.length;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log(`\naccuracy on the corpus (${destructiveRows.length} destructive rows, ${readOnlyRows.length} read-only rows)`);
  console.log('variant                      recall  false positives');
  console.log(
    `${'planner.plan'.padEnd(28)} ${pct(recall((c) => planner.plan(c).destructive))} ${pct(falsePositives((c) => planner.plan(c).category !== 'read-only'))}`,
  );
  console.log(`${'naive regex match'.padEnd(28)} ${pct(recall(naiveIsDestructive))} ${pct(falsePositives(naiveIsDestructive))}`);
  parser.delete();
}
