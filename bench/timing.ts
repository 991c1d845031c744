// Small timing helpers the benches share.
import { spawn } from 'node:child_process';

/** Spawns `file` with `args` (output ignored) and resolves when it has closed. */
export function spawnAndWait(file: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...(cwd === undefined ? {} : { cwd }), stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

/** The median wall time of `times` calls of `task`, after one warm-up call. */
export async function medianMs(times: number, task: () => unknown): Promise<number> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}
