// plan(): the long run of the destructive-mutation fuzzer (the bounded one is in test/plan/fuzz.test.ts).
// Every input is a destructive command that bash would still run as such; none may come back read-only,
// and each should be flagged destructive. Side by side: a naive regex matcher on the same inputs.
import { createPlanner } from '../src/plan/index.js';
import { mulberry32, mutateDestructive } from '../test/plan/destructive-mutations.js';

const naive = [
  /\brm\s+-\w*[rf]/,
  /\bgit\s+push\b.*(-f|--force)/,
  /\bgit\s+reset\s+--hard/,
  /\bgit\s+clean\s+-\w*f/,
  /\bkubectl\s+delete\b/,
  /\bterraform\s+destroy\b/,
  /\bmkfs/,
  /\bdd\s+.*of=/,
];

export default async function main(): Promise<void> {
  const planner = await createPlanner({ parseTimeoutMs: 2_000 });
  const total = Number(process.env.PLAN_FUZZ_INPUTS ?? 200_000);
  const seed = 20_261_201;
  const random = mulberry32(seed);
  let readOnly = 0;
  let unflagged = 0;
  let naiveMissed = 0;
  const examples: string[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const input = mutateDestructive(random);
    const plan = planner.plan(input);
    if (plan.category === 'read-only') readOnly++;
    if (!plan.destructive && plan.category !== 'destructive') {
      unflagged++;
      if (examples.length < 10) examples.push(`#${i} ${plan.category} ${JSON.stringify(input)}`);
    }
    if (!naive.some((p) => p.test(input))) naiveMissed++;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(`destructive mutations (seed ${seed}): ${total} inputs in ${seconds.toFixed(1)} s`);
  console.log(
    `planner: ${readOnly} read-only, ${unflagged} not flagged destructive (${((unflagged / total) * 100).toFixed(3)}%)`,
  );
  console.log(`naive regex: ${naiveMissed} not flagged (${((naiveMissed / total) * 100).toFixed(1)}%)`);
  for (const example of examples) console.log(`  ${example}`);
}
