import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');
const noise = (count: number): string => lines(count, (i) => `  checked unit ${i} of the project with the usual flags`);

describe('a finding keeps the heading that gives it its place', () => {
  it('keeps `In FILE line N:` over each error told word for word under other headings', () => {
    const section = (file: string, line: number, severity: string): string =>
      `\nIn ${file} line ${line}:\n\tlog $@\n        ^-- SC2068 (${severity}): Double quote array expansions to avoid re-splitting elements.\n\n`;
    const warnings = (from: number): string =>
      Array.from({ length: 200 }, (_, i) => section(`/usr/bin/tool${from + i}`, 10 + i, 'warning')).join('');
    const errors = [7, 19, 23].map((n) => section('/etc/init.d/service', n, 'error')).join('');
    const result = condense({ command: 'shellcheck /etc/init.d/*', stdout: warnings(0) + errors + warnings(200), exitCode: 1 });
    for (const n of [7, 19, 23]) expect(result.stdout).toContain(`In /etc/init.d/service line ${n}:`);
    // the fold marker names the place of each hidden warning (400 files, one line each) on top
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 2.5);
  });

  it("keeps a test's `____ name ____` heading over the failure far below it", () => {
    const failure = (name: string): string =>
      `${'_'.repeat(20)} ${name} ${'_'.repeat(20)}\n\n${lines(30, (i) => `    line ${i} of the test body`)}E       assert 7.5 == 7.${name.length}\n\ntests/t.py:3: AssertionError\n`;
    const stdout = `${noise(300)}${'='.repeat(30)} FAILURES ${'='.repeat(30)}\n${failure('test_quarter')}${failure('test_negative_price')}${noise(300)}`;
    const result = condense({ command: 'ci-check', stdout, exitCode: 1 });
    expect(result.stdout).toContain(`${'_'.repeat(20)} test_quarter ${'_'.repeat(20)}`);
    expect(result.stdout).toContain(`${'_'.repeat(20)} test_negative_price ${'_'.repeat(20)}`);
  });

  it('keeps the file name over indented findings and the `FILE:LINE` over a source excerpt', () => {
    const file = (name: string, severity: string): string =>
      `./${name}\n${lines(6, (i) => `  ${i + 1}:1       ${severity}  missing document start "---"  (document-start)`)}\n`;
    const files = (from: number): string => lines(60, (i) => file(`k8s/ok${from + i}.yaml`, 'warning'));
    const stdout = files(0) + file('k8s/broken.yaml', 'error') + files(60);
    const lint = condense({ command: 'lint-yaml .', stdout, exitCode: 1 });
    expect(lint.stdout).toContain('./k8s/broken.yaml');
    const crash = `${noise(200)}/srv/app/cart.js:5\n  total(p) { return p[x].amount }\n                        ^\n\nTypeError: Cannot read properties of undefined (reading 'amount')\n    at Cart.total (/srv/app/cart.js:5:25)\n${noise(200)}`;
    const thrown = condense({ command: 'start-app', stdout: '', stderr: crash, exitCode: 1 });
    expect(thrown.stderr).toContain('/srv/app/cart.js:5\n');
  });
});
