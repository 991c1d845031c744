import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { RUN_TAG_VARIABLE } from '../../src/process/child-env.js';
import { readProcEntry } from '../../src/process/proc-scan.js';
import { RunProcesses } from '../../src/process/run-processes.js';

const fixture = fileURLToPath(new URL('../fixtures/process/escapee-empty-environ.py', import.meta.url));

const escapees: number[] = [];
afterEach(() => {
  for (const pid of escapees.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/**
 * A run without a cgroup whose main process exits once its escapee (setsid, a double fork, adopted by init) has
 * emptied its environment range, as a process inside execve shows it for about 1 ms: no group, session, parent or
 * tag to find it by, until it puts the range back (after `holdSeconds`, or when told on its stdin).
 */
async function runWithHiddenEscapee() {
  const tag = randomUUID();
  const main = spawn('python3', [fixture], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, [RUN_TAG_VARIABLE]: tag },
  });
  const exited = once(main, 'exit');
  const spawned = await Promise.race([once(main, 'spawn').then(() => true), once(main, 'error').then(() => false)]);
  const leader = spawned ? readProcEntry(main.pid!) : undefined;
  const lines = createInterface({ input: main.stdout! })[Symbol.asyncIterator]();
  const said = spawned ? ((await lines.next()).value as string | undefined) : 'no python3';
  const escapee = Number(/^empty (\d+)$/.exec(said ?? '')?.[1] ?? Number.NaN);
  if (Number.isInteger(escapee)) escapees.push(escapee);
  await exited;
  const processes = leader && new RunProcesses({ pgid: main.pid!, startTicks: leader.startTicks, tag }, undefined);
  return { said, escapee, processes };
}

const alive = (pid: number): boolean => readProcEntry(pid) !== undefined;

it('kills a run’s escapee that a scan caught with an empty environment, as one inside execve', async (context) => {
  const { said, escapee, processes } = await runWithHiddenEscapee();
  if (!processes || !Number.isInteger(escapee)) context.skip(`the fixture could not empty its environment here (${said})`);
  // The blind spot: one scan cannot tell the escapee from any other process.
  expect(processes!.list()).toEqual([]);
  const killing = processes!.kill();
  await nextTurn(); // kill() has made its first scan, which could not read the tag
  process.kill(escapee, 'SIGUSR1');
  await killing;
  expect(alive(escapee)).toBe(false);
});

it('reports such an escapee among the leftovers once its environment reads again', async (context) => {
  const { said, escapee, processes } = await runWithHiddenEscapee();
  if (!processes || !Number.isInteger(escapee)) context.skip(`the fixture could not empty its environment here (${said})`);
  const leftovers = processes!.leftovers(-1);
  // Put back 20 ms on: after the second look that a scan finding nothing is given 5 ms later.
  setTimeout(() => process.kill(escapee, 'SIGUSR1'), 20);
  expect(await leftovers).toEqual([escapee]);
  await processes!.kill();
  expect(alive(escapee)).toBe(false);
});
