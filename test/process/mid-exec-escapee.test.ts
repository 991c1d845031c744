import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { RUN_TAG_VARIABLE } from '../../src/process/child-env.js';
import { readProcEntry } from '../../src/process/proc-scan.js';
import { SWEEP_SOURCE } from '../../src/process/sweep-source.js';
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
 * tag to find it by, until it puts the range back on SIGUSR1.
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
  if (!spawned) return { said: 'no python3', escapee: Number.NaN, processes: undefined };
  const marks = { pgid: main.pid!, startTicks: readProcEntry(main.pid!)?.startTicks ?? 0, tag };
  const lines = createInterface({ input: main.stdout! })[Symbol.asyncIterator]();
  const said = (await lines.next()).value as string | undefined;
  const escapee = Number(/^empty (\d+)$/.exec(said ?? '')?.[1] ?? Number.NaN);
  if (Number.isInteger(escapee)) escapees.push(escapee);
  await exited;
  return { said, escapee, processes: new RunProcesses(marks, undefined) };
}

const alive = (pid: number): boolean => readProcEntry(pid) !== undefined;

it('kills a run’s escapee that a scan caught with an empty environment, as one inside execve', async (context) => {
  const { said, escapee, processes = undefined! } = await runWithHiddenEscapee();
  if (!Number.isInteger(escapee)) context.skip(`the fixture could not empty its environment here (${said})`);
  // The blind spot: one scan cannot tell the escapee from any other process.
  expect(processes.list()).toEqual([]);
  const killing = processes.kill();
  await nextTurn(); // kill() has made its first scan, which could not read the tag
  process.kill(escapee, 'SIGUSR1');
  await killing;
  expect(alive(escapee)).toBe(false);
});

it('reports such an escapee among the leftovers once its environment reads again', async (context) => {
  const { said, escapee, processes = undefined! } = await runWithHiddenEscapee();
  if (!Number.isInteger(escapee)) context.skip(`the fixture could not empty its environment here (${said})`);
  const leftovers = processes.leftovers(-1);
  // Put back 20 ms on: after the second look that a scan finding nothing is given 5 ms later.
  setTimeout(() => process.kill(escapee, 'SIGUSR1'), 20);
  expect(await leftovers).toEqual([escapee]);
  await processes.kill();
  expect(alive(escapee)).toBe(false);
});

it("kills such an escapee in the host-death sweep too (the watchdog's and the warm helper's)", async (context) => {
  const { said, escapee, processes = undefined! } = await runWithHiddenEscapee();
  if (!Number.isInteger(escapee)) context.skip(`the fixture could not empty its environment here (${said})`);
  const run = { ...processes.marks, cgroup: undefined };
  // The escapee puts its environment back once the sweep's first scan has read it empty.
  const afterFirstScan = `const scan = members; let scans = 0;
members = (...args) => { const found = scan(...args); if (++scans === 1) kill(${escapee}, 'SIGUSR1'); return found; };`;
  const sweep = spawn(
    process.execPath,
    ['-e', `${SWEEP_SOURCE}\n${afterFirstScan}\nsweepRuns(new Map([['t', ${JSON.stringify(run)}]]));`],
    {
      stdio: 'ignore',
    },
  );
  expect(await once(sweep, 'exit')).toEqual([0, null]);
  expect(alive(escapee)).toBe(false);
});
