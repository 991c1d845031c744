// Caller regexes on RE2 (re2js) against JavaScript's backtracking engine, in the same run: everyday patterns
// over 200 000 lines, and a catastrophic one on lines short enough for the backtracking engine to finish.
import { linearRegExp } from '../src/linear-regexp.js';

function ms(task: () => void): number {
  task();
  const start = performance.now();
  task();
  return performance.now() - start;
}

export default async function main(): Promise<void> {
  const lines = Array.from(
    { length: 200_000 },
    (_, i) => `line ${i} building module ${i % 977} from /usr/lib/x.js: ${i % 500 === 0 ? 'error: boom' : 'ok'}`,
  );
  console.log('pattern                          native      RE2   ratio (200 000 lines, test() per line)');
  for (const source of ['error: boom', 'fail(ed|ure)|error', '^line \\d+ .*boom$', '(\\w+)\\s+module']) {
    const native = new RegExp(source);
    const linear = linearRegExp('match', source)!;
    const a = ms(() => lines.forEach((line) => native.test(line)));
    const b = ms(() => lines.forEach((line) => linear.test(line)));
    console.log(`  ${source.padEnd(30)} ${a.toFixed(0).padStart(6)} ms ${b.toFixed(0).padStart(6)} ms  ${(b / a).toFixed(2)}x`);
  }
  const cold = performance.now();
  linearRegExp('match', '^(x+)+y$')!.test('xxy');
  console.log(`first compile + test of another pattern: ${(performance.now() - cold).toFixed(1)} ms`);
  for (const count of [20, 22, 24]) {
    const line = `${'a'.repeat(count)}!`;
    const a = ms(() => /^(a+)+$/.test(line));
    const b = ms(() => linearRegExp('match', '^(a+)+$')!.test(line));
    console.log(
      `  ^(a+)+$ on ${count} a + '!'        ${a.toFixed(1).padStart(8)} ms ${b.toFixed(2).padStart(6)} ms  native doubles per a; 36 a would take ${((a * 2 ** (36 - count)) / 1000).toFixed(0)} s`,
    );
  }
}
