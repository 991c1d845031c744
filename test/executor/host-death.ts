// "Nothing outlives a SIGKILLed host" over an executor: a host process of its own (fixtures/executor/orphan-host.ts)
// starts a run, a run with `input`, a job with `stdin: 'pipe'` and a job whose leftovers it keeps, each with a
// setsid escapee, and is SIGKILLed; what is left in the target is read without the executor under test.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { uniqueSleepSeconds } from '../helpers/processes.js';

const HOST = join(import.meta.dirname, '../fixtures/executor/orphan-host.ts');

/** Counts of `sleep <seconds>` in the target: before the host's SIGKILL (all eight) and 2 s after. */
export async function sleepersAroundHostDeath(
  kind: 'docker' | 'ssh',
  options: object,
  cwd: string,
  commandLines: () => Promise<string[]>,
): Promise<{ before: number; after: string[] }> {
  const seconds = uniqueSleepSeconds();
  const sleepers = async (): Promise<string[]> => (await commandLines()).filter((line) => line.trim() === `sleep ${seconds}`);
  const host = spawn(process.execPath, ['--import', 'tsx', HOST, kind, JSON.stringify(options), cwd, seconds], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      host.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      host.once('exit', (code) => reject(new Error(`the host exited (${code}) before it was ready`)));
    });
    const deadline = Date.now() + 10_000;
    while ((await sleepers()).length < 8 && Date.now() < deadline) await delay(100);
    const before = (await sleepers()).length;
    host.kill('SIGKILL');
    await delay(2_000);
    return { before, after: await sleepers() };
  } finally {
    host.kill('SIGKILL');
  }
}
