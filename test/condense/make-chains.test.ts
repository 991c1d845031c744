import { describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

const lines = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe("make's chain of failed targets is kept link by link", () => {
  it('keeps each `make[N]: *** [...] Error N` of a recursive build, and what was not remade', () => {
    const subdir = (dir: string, target: string): string =>
      `make[1]: Entering directory '/src/${dir}'\n${lines(150, (i) => `gcc -Wall -O2 -c ${dir}/unit${i}.c -o ${dir}/unit${i}.o`)}` +
      `${dir}/${target}.c:3:38: error: ‘counter_${dir}’ undeclared (first use in this function)\n` +
      `make[1]: *** [Makefile:6: ${target}.o] Error 1\nmake[1]: Target 'all' not remade because of errors.\n` +
      `make[1]: Leaving directory '/src/${dir}'\nmake: *** [Makefile:5: ${dir}] Error 2\n`;
    const stdout = `${subdir('core', 'map')}${subdir('net', 'sock')}${subdir('ui', 'draw')}make: Target 'all' not remade because of errors.\n`;
    const result = condense({ command: 'make -k', stdout, exitCode: 2 });
    for (const [dir, target] of [
      ['core', 'map'],
      ['net', 'sock'],
      ['ui', 'draw'],
    ]) {
      expect(result.stdout).toContain(`make[1]: *** [Makefile:6: ${target}.o] Error 1`);
      expect(result.stdout).toContain(`make: *** [Makefile:5: ${dir}] Error 2`);
      expect(result.stdout).toContain(`‘counter_${dir}’ undeclared`);
    }
    expect(result.stdout).toContain("make: Target 'all' not remade because of errors.");
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 4);
  });
});
