import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { compileFlagsToSet } from '../../src/plan/wasm-tiering.js';

const fixture = join(process.cwd(), 'test/fixtures/plan/many-plans.ts');

/** Functions V8 compiled with its optimising tier while a fresh process planned 3 000 compound commands. */
async function optimisingCompiles(nodeFlags: string[]): Promise<number> {
  const { stdout, stderr } = await execa(
    process.execPath,
    [...nodeFlags, '--trace-wasm-compilation-times', '--import', 'tsx', fixture],
    { all: false },
  );
  expect(stdout).toContain('planned');
  return (stdout + stderr).split('\n').filter((line) => line.includes('using TurboFan')).length;
}

describe('the wasm parser is compiled off the main thread and never re-optimised in the background', () => {
  it("keeps tree-sitter on V8's baseline tier, where the default tiering recompiles dozens of its functions", async () => {
    const [ours, v8Default] = await Promise.all([
      optimisingCompiles([]),
      optimisingCompiles(['--no-liftoff-only', '--wasm-lazy-compilation']),
    ]);
    expect(v8Default).toBeGreaterThan(20);
    expect(ours).toBeLessThanOrEqual(5);
  }, 60_000);

  it('sets only the flags the host did not choose, on its command line or in NODE_OPTIONS', () => {
    const during = (execArgv: string[], nodeOptions?: string) =>
      compileFlagsToSet(execArgv, nodeOptions).map((flag) => flag.during);
    expect(during([])).toEqual(['--liftoff-only', '--no-wasm-lazy-compilation']);
    expect(during(['--import', 'tsx'], '--max-old-space-size=4096')).toEqual(['--liftoff-only', '--no-wasm-lazy-compilation']);
    expect(during(['--no-liftoff-only'])).toEqual(['--no-wasm-lazy-compilation']);
    expect(during([], '--wasm_lazy_compilation')).toEqual(['--liftoff-only']);
    expect(during(['--liftoff-only'], '--no-wasm-lazy-compilation')).toEqual([]);
    expect(compileFlagsToSet([], undefined).map((flag) => flag.after)).toEqual(['--no-liftoff-only', '--wasm-lazy-compilation']);
  });
});
