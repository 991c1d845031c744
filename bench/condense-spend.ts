// Where condensed views spend their tokens, by what each shown line is (its role, and whether it holds must-keep text)
// and by marker kind: the shares a condenser could cut without losing a labelled line are the "not must-keep" ones.
import { encode } from 'gpt-tokenizer';
import { condense } from '../src/condense/index.js';
import { recogniserFor, testersFor } from '../src/condense/condense.js';
import { firstLines, readLines } from '../src/condense/read-lines.js';
import { analyseStream, windowFor } from '../src/condense/stream.js';
import type { Fixture } from '../test/condense/fixtures.js';

const ROLE_NAMES = ['noise', 'ordinary', 'heading', 'context', 'failure', 'summary'];
const GAP = /^\[… (?:lines (\d+)–(\d+)|line (\d+)) omitted/;

function kindOf(line: string): string | undefined {
  if (GAP.test(line)) return line.includes('detail(') ? 'gap marker with its detail call' : 'gap marker';
  if (line.startsWith('[… ×')) return line.includes(', at ') ? 'fold marker naming places' : 'fold marker';
  if (line.startsWith('[overview') || line.startsWith('[…')) return 'overview and notes';
  return undefined;
}

/** Tokens of every shown line of the fixtures' condensed views, by kind; views of outputs over `minTokens` only. */
export function spend(fixtures: readonly Fixture[], minTokens: number): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (kind: string, tokens: number): void => void totals.set(kind, (totals.get(kind) ?? 0) + tokens);
  for (const f of fixtures) {
    const result = condense(
      { command: f.command, stdout: f.stdout, stderr: f.stderr, exitCode: f.exitCode },
      { recordId: 'r_bench' },
    );
    if (result.tokensBefore <= minTokens || result.strategy !== 'condensed') continue;
    const recogniser = recogniserFor(f.command, firstLines(f.stdout, 60), firstLines(f.stderr, 60));
    const testers = testersFor(recogniser);
    for (const name of ['stdout', 'stderr'] as const) {
      const read = readLines(f[name], windowFor(2000), testers[name], recogniser?.overview !== undefined);
      const { classified } = analyseStream(read, testers[name], 2000);
      let next = 0;
      for (const line of result[name].split('\n')) {
        const tokens = encode(line).length + 1;
        const gap = GAP.exec(line);
        if (gap !== null) next = Number(gap[2] ?? gap[3]);
        const marker = kindOf(line);
        if (marker !== undefined) {
          add(marker, tokens);
          continue;
        }
        const role = ROLE_NAMES[classified.roles[next] as number] ?? 'ordinary';
        add(`${role} line, ${f.mustKeep.some((m) => line.includes(m)) ? 'must-keep' : 'not must-keep'}`, tokens);
        next++;
      }
    }
  }
  return totals;
}

export function spendTable(title: string, fixtures: readonly Fixture[], minTokens: number): void {
  const totals = [...spend(fixtures, minTokens)].sort((a, b) => b[1] - a[1]);
  const sum = totals.reduce((s, [, v]) => s + v, 0);
  console.log(`\n${title}: where the views spend (${sum} tokens)`);
  for (const [kind, tokens] of totals)
    console.log(`  ${kind.padEnd(34)} ${String(tokens).padStart(7)} ${((100 * tokens) / sum).toFixed(1).padStart(5)}%`);
}
