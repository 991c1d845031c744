import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { warmSpawnerReady } from '../../src/process/warm/helper-state.js';

/** This process's watchdog (started for direct runs): its child started with the watchdog's 32 MB heap. */
function watchdogPid(): number | undefined {
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('--max-old-space-size=32')) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const bytesRead = (pid: number): number => Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);

/** What the watchdog has read once it has read everything sent so far (no change for 200 ms; it reads when scheduled). */
async function settledBytesRead(pid: number): Promise<number> {
  for (let last = bytesRead(pid); ;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = bytesRead(pid);
    if (now === last) return now;
    last = now;
  }
}

describe.skipIf(process.platform !== 'linux')('warm runs and the host watchdog', () => {
  it('sends the watchdog nothing for a warm run (its helper watches it), and still watches direct runs', async () => {
    await run('true', { spawner: 'direct' });
    const pid = watchdogPid();
    expect(pid).toBeGreaterThan(0);
    expect(await warmSpawnerReady()).toBe(true);
    await run('true', { spawner: 'warm' });
    const before = await settledBytesRead(pid!);
    for (let index = 0; index < 10; index += 1) expect((await run('true', { spawner: 'warm' })).exit).toBe(0);
    expect((await settledBytesRead(pid!)) - before).toBe(0);
    await run('true', { spawner: 'direct' });
    expect(await settledBytesRead(pid!)).toBeGreaterThan(before); // its watch and forget lines
  });
});
