import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';
import { normalizeLines } from '../../src/condense/normalize.js';
import { estimateTokens } from '../../src/condense/tokens.js';
import { expectExactView } from '../helpers/view-check.js';

const lines = (count: number, make: (i: number) => string): string[] => Array.from({ length: count }, (_, i) => make(i));

describe('outputs within the budget', () => {
  it('condenses a short gcc log with one error: its compile and directory lines fold into exact markers', () => {
    const stderr = [
      "make[1]: Entering directory '/src/app'",
      ...lines(12, (i) => `gcc -O2 -Wall -c src/unit_${i}.c -o build/unit_${i}.o`),
      "src/parser.c:34:26: error: expected ';' before 'return'",
      '   34 |     print_tokens(toks, 4)',
      '      |                          ^',
      ...lines(6, (i) => `gcc -O2 -Wall -c src/late_${i}.c -o build/late_${i}.o`),
      "make[1]: Leaving directory '/src/app'",
      'make: *** [Makefile:12: all] Error 2',
      '',
    ].join('\n');
    const result = condense({ command: 'make -k', stdout: '', stderr, exitCode: 2 }, { recordId: 'r_gcc' });
    expect(result.tokensBefore).toBeLessThan(500); // once shown whole: within a quarter of the budget
    expect(result.strategy).toBe('condensed');
    expect(result.stderr).toContain("src/parser.c:34:26: error: expected ';' before 'return'");
    expect(result.stderr).toContain('make: *** [Makefile:12: all] Error 2');
    expect(result.stderr).not.toContain('unit_7.c');
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore * 0.5);
    expectExactView(normalizeLines(stderr), result.stderr, result.stderrOmitted, { endsWithNewline: false });
  });

  it('keeps a clean short output whole: a 20-line listing is not worth a marker', () => {
    const stdout = `${lines(20, (i) => `-rw-r--r-- 1 dev dev ${1000 + i * 37} Dec  1 17:0${i % 10} notes-${i}.md`).join('\n')}\n`;
    const result = condense({ command: 'ls -l', stdout, exitCode: 0 }, { recordId: 'r_ls' });
    expect(result.strategy).toBe('pass-through');
    expect(result.stdout).toBe(stdout);
  });

  it('keeps a clean output whole though it is not short, when it fits and is not mostly noise', () => {
    const stdout = `${lines(60, (i) => `${['alpha', 'beta', 'gamma', 'delta'][i % 4]} row ${i}: ${'word '.repeat(i % 5)}${i % 3 ? 'kept' : 'seen'}`).join('\n')}\n`;
    const result = condense({ command: 'report', stdout, exitCode: 0 });
    expect(result.strategy).toBe('pass-through');
    expect(result.stdout).toBe(stdout);
  });

  it('keeps an output under 100 tokens whole, failures and all', () => {
    const stderr =
      'store/store.go:13:9: Get passes lock by value\nstore/store.go:27:2: fmt.Printf format %s has arg x of wrong type int\n';
    const result = condense({ command: 'go vet ./...', stdout: '', stderr, exitCode: 1 }, { recordId: 'r_vet' });
    expect(result.strategy).toBe('pass-through');
    expect(result.stderr).toBe(stderr);
  });

  it('keeps look-alikes spread among other lines: each may name another thing', () => {
    const stderr = [
      ...[1, 2, 3, 4].flatMap((n) => [
        `/usr/bin/ld: /tmp/cc${n}x.o: in function \`f${n}':`,
        `u${n}.c:(.text+0x12): undefined reference to \`helper${n}'`,
        `/usr/bin/ld: u${n}.c:(.text+0x23): undefined reference to \`net_open'`,
      ]),
      'collect2: error: ld returned 1 exit status',
      '',
    ].join('\n');
    const result = condense({ command: 'gcc -o app main.c u1.c u2.c u3.c u4.c', stdout: '', stderr, exitCode: 1 });
    for (const n of [1, 2, 3, 4]) {
      expect(result.stderr).toContain(`u${n}.c:(.text+0x12): undefined reference to \`helper${n}'`);
      expect(result.stderr).toContain(`/usr/bin/ld: u${n}.c:(.text+0x23): undefined reference to \`net_open'`);
    }
  });

  it('folds the run of passing tests of a short failing run into one marker naming where they are and how many', () => {
    const stdout = [
      'running 40 checks',
      ...lines(38, (i) => `  ✓ check ${i} holds (${i % 5} ms)`),
      '  ✗ check 38 expected 3 to be 4',
      '  ✓ check 39 holds (1 ms)',
      '39 passed, 1 failed',
      '',
    ].join('\n');
    const result = condense({ command: 'checks', stdout, exitCode: 1 }, { recordId: 'r_checks' });
    expect(result.strategy).toBe('condensed');
    expect(result.stdout).toContain('  ✗ check 38 expected 3 to be 4');
    expect(result.stdout).toContain('  ✓ check 0 holds (0 ms)');
    expect(result.stdout).toMatch(/\[… lines 3–39 omitted \(37\), each like line 2/);
    expectExactView(normalizeLines(stdout), result.stdout, result.stdoutOmitted, { endsWithNewline: false });
  });

  it('condenses an output that fits when it is mostly noise and repeats, though it holds no failure', () => {
    const stdout = [
      'fetching index',
      ...lines(60, (i) => `downloaded chunk ${i} of 60 (${(i * 7) % 100} kB)`),
      'index ready: 60 chunks',
      '',
    ].join('\n');
    const result = condense({ command: 'fetch-index', stdout, exitCode: 0 });
    expect(result.strategy).toBe('condensed');
    expect(result.stdout).toContain('index ready: 60 chunks');
    expect(result.stdout).toContain('[… lines 3–61 omitted (59), each like line 2]');
  });
});

describe('budget shares of bigger outputs', () => {
  const distinctLines = (count: number): string[] =>
    lines(
      count,
      (i) => `${['load', 'scan', 'index', 'merge', 'write'][i % 5]} step ${i}: ${['users', 'orders', 'carts'][i % 3]} ${i * 7}`,
    );

  it('spends at most a tenth of the budget beyond the failure of an unrecognised log holding one', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "job.py", line 3, in <module>',
      '    main()',
      'ValueError: bad row 17',
    ];
    const stdout = [...distinctLines(1500), ...trace, ...distinctLines(1500), ''].join('\n');
    const result = condense({ command: 'python job.py', stdout, exitCode: 1 }, { recordId: 'r_job' });
    expect(result.stdout).toContain(trace.join('\n'));
    // the traceback and a few markers, and at most 200 tokens of the lines around (was up to the whole budget)
    const shown = result.stdout.split('\n').filter((line) => !line.startsWith('[…') && !trace.includes(line));
    expect(estimateTokens(shown.join('\n'))).toBeLessThanOrEqual(200);
    expectExactView(normalizeLines(stdout), result.stdout, result.stdoutOmitted, { endsWithNewline: false });
  });

  it('shows each block by its first lines once whole blocks would cost over half the budget', () => {
    const kinds = ['mismatched types', 'cannot find value `total`', 'no method named `push_row`', 'unused variable `id`'];
    const diagnostic = (n: number): string[] => [
      `error[E0${300 + n}]: ${kinds[n]}`,
      `  --> src/stage_${n}.rs:${10 + n}:5`,
      ...lines(
        14,
        (k) => `${String(10 + k).padStart(3)} |     let row_${k} = stage_${n}::read(rows, ${k * 3}).expect("row ${k}");`,
      ),
      '',
    ];
    const noise = (count: number): string[] => lines(count, (i) => `   Compiling crate_${i} v0.${i}.0`);
    const stderr = [...noise(1200), ...[0, 1, 2, 3].flatMap(diagnostic), ...noise(1200), ''].join('\n');
    const result = condense({ command: 'cargo build', stdout: '', stderr, exitCode: 101 }, { recordId: 'r_cargo' });
    for (const n of [0, 1, 2, 3]) {
      expect(result.stderr).toContain(`error[E0${300 + n}]: ${kinds[n]}`);
      expect(result.stderr).toContain(`  --> src/stage_${n}.rs:${10 + n}:5`);
      expect(result.stderr).not.toContain(`let row_9 = stage_${n}::read`);
    }
    expectExactView(normalizeLines(stderr), result.stderr, result.stderrOmitted, { endsWithNewline: false });
  });

  it('spends about a tenth of the budget on the sample lines of a data output its overview counts', () => {
    const stdout = `${lines(4000, (i) => `./src/module_${i % 40}/part_${i}/file_${i}.${['ts', 'js', 'json'][i % 3]}`).join('\n')}\n`;
    const result = condense({ command: 'find . -type f', stdout, exitCode: 0 });
    const sample = result.stdout.split('\n').filter((line) => !line.startsWith('[…') && !line.startsWith('[overview:'));
    expect(sample.length).toBeGreaterThan(3);
    expect(estimateTokens(sample.join('\n'))).toBeLessThanOrEqual(220);
  });
});
