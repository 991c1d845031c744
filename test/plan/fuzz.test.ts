import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, type Planner } from '../../src/plan/index.js';
import { allRows } from './corpus/index.js';
import { mulberry32, mutateDestructive } from './destructive-mutations.js';

const alphabet = [
  ...'abcdefghijklmnopqrstuvwxyz -_./=:,+',
  ...'$(){}[]|&;<>"\'`\\*?!#~%^@\n\t',
  '\0',
  'é',
  '😀',
  'rm',
  'sh',
  'EOF',
  '<<',
  '$(',
  '${',
  "$'",
  '\\x',
  '-rf',
  'git',
  'push',
  '--force',
  'sudo',
  'bash -c ',
];
const corpus = allRows.map(([command]) => command).filter((c) => c.length < 2_000);

function generate(random: () => number, i: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const base = pick(corpus);
  switch (i % 5) {
    case 4: {
      const words = [
        'rm',
        '-rf',
        'git',
        'push',
        '--force',
        'ls',
        'sudo',
        'x',
        '@',
        '%',
        '+',
        '=',
        ',',
        ':',
        '--help',
        'A=1',
        'if',
        'time',
      ];
      const length = 1 + Math.floor(random() * 6);
      let out = '';
      for (let k = 0; k < length; k++) out += pick(words) + (random() < 0.7 ? ' ' : '');
      return out;
    }
    case 0: {
      let out = '';
      const length = Math.floor(random() * 60);
      for (let k = 0; k < length; k++) out += pick(alphabet);
      return out;
    }
    case 1:
      return base.slice(0, Math.floor(random() * (base.length + 1)));
    case 2: {
      let out = base;
      const edits = 1 + Math.floor(random() * 3);
      for (let k = 0; k < edits; k++) {
        const at = Math.floor(random() * (out.length + 1));
        const kind = random();
        out =
          kind < 0.4
            ? out.slice(0, at) + pick(alphabet) + out.slice(at)
            : kind < 0.7
              ? out.slice(0, at) + out.slice(at + 1)
              : out.slice(0, at) + pick(alphabet) + out.slice(at + 1);
      }
      return out;
    }
    default:
      return (
        base +
        pick([' ', ';', '|', '&&', '\n', '$(', '`', '"', "'", '<<EOF\n']) +
        pick(corpus).slice(0, Math.floor(random() * 40))
      );
  }
}

let planner: Planner;
let parser: Parser;
beforeAll(async () => {
  planner = await createPlanner();
  parser = new Parser();
  parser.setLanguage(await Language.load(createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm')));
});
afterAll(() => parser.delete());

describe('plan() under fuzzing', () => {
  it('never throws and never calls a broken parse read-only, over 100 000 random, truncated and mutated inputs', () => {
    const seed = 20_261_130;
    const random = mulberry32(seed);
    const failures: string[] = [];
    let broken = 0;
    for (let i = 0; i < 100_000 && failures.length < 5; i++) {
      const input = generate(random, i);
      let category: string;
      try {
        const plan = planner.plan(input);
        category = plan.category;
        if (plan.segments.some((s) => s.rules.includes('shell.parse-error'))) broken++;
        if (plan.segments.some((s) => s.destructive) && !plan.destructive)
          failures.push(`#${i} destructive segment lost: ${JSON.stringify(input)}`);
      } catch (error) {
        failures.push(`#${i} threw ${(error as Error).message}: ${JSON.stringify(input)}`);
        continue;
      }
      // Only a read-only answer can break the property; check it against an independent parse.
      if (category !== 'read-only') continue;
      const tree = parser.parse(input);
      const hadError = tree === null || tree.rootNode.hasError || input.includes('\0');
      tree?.delete();
      if (hadError) failures.push(`#${i} (seed ${seed}) read-only despite a parse error: ${JSON.stringify(input)}`);
    }
    expect(failures).toEqual([]);
    expect(broken).toBeGreaterThan(20_000);
    // CPU-bound: a deadline for a loaded machine, not a speed target (bench/plan-fuzz.bench.ts measures speed).
  }, 300_000);

  it('never calls over-long input read-only, even when it is only a harmless repetition', async () => {
    const patient = await createPlanner({ parseTimeoutMs: 10_000 });
    expect(patient.plan(`ls ${'a '.repeat(6_000)}`).category).toBe('complex');
    expect(patient.plan(`ls ${'a '.repeat(4_000)}`).category).toBe('read-only');
  });

  it('never reads a mutated destructive command as read-only, and flags every one destructive, over 5 000 mutations', async () => {
    // A generous parse budget: on a loaded machine a timeout would answer complex, hiding what this checks.
    const patient = await createPlanner({ parseTimeoutMs: 2_000 });
    const seed = 20_261_201;
    const random = mulberry32(seed);
    const readOnly: string[] = [];
    const unflagged: string[] = [];
    const total = 5_000;
    for (let i = 0; i < total; i++) {
      const input = mutateDestructive(random);
      const plan = patient.plan(input);
      if (plan.category === 'read-only') readOnly.push(`#${i} (seed ${seed}) ${JSON.stringify(input)}`);
      if (!plan.destructive && plan.category !== 'destructive')
        unflagged.push(`#${i} (seed ${seed}) ${plan.category} ${JSON.stringify(input)}`);
    }
    console.log(
      `destructive mutations: ${total} inputs, ${readOnly.length} read-only, ${unflagged.length} not flagged destructive`,
    );
    expect(readOnly).toEqual([]);
    expect(unflagged.slice(0, 10)).toEqual([]);
  }, 120_000);
});
