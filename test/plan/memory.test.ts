import { describe, expect, it } from 'vitest';
import { createPlanner } from '../../src/plan/index.js';

describe('planner memory', () => {
  it('frees every syntax tree, so wasm memory stays flat over 20 000 plans', { timeout: 120_000 }, async () => {
    const planner = await createPlanner();
    const commands = [
      'cat <<EOF | sh\nrm -rf /\nEOF',
      'git status && ls -la | grep x > out',
      'echo $(rm -rf /) "quoted $x"',
      'bash -c "eval \\"ls\\""',
    ];
    for (let i = 0; i < 2_000; i++) planner.plan(commands[i % commands.length] as string);
    const before = process.memoryUsage().external;
    for (let i = 0; i < 20_000; i++) planner.plan(commands[i % commands.length] as string);
    const grownBytes = process.memoryUsage().external - before;
    // A leaked tree costs about a kilobyte here: leaking them all would grow memory by ~20 MB.
    expect(grownBytes).toBeLessThan(4 * 1024 * 1024);
  });
});
