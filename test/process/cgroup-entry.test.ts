import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localRunGroup } from '../../src/process/local-launcher.js';
import { readProcEntry } from '../../src/process/proc-scan.js';
import { RunProcesses } from '../../src/process/run-processes.js';
import { uniqueSleepSeconds } from '../helpers/processes.js';

// The host moves a run's pid into its cgroup while the run already goes on (tied-start.ts): nothing may list or
// kill through the cgroup before that move is known to have worked. A folder with a `cgroup.procs` file stands in
// for the cgroup (what RunProcesses reads), so the test holds on any machine; the process is real.
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function sleeper(): number {
  const child = spawn('sleep', [uniqueSleepSeconds()], { detached: true, stdio: 'ignore' });
  cleanups.push(() => child.kill('SIGKILL'));
  return child.pid!;
}

function deferred(): { promise: Promise<boolean>; resolve: (entered: boolean) => void } {
  let resolve!: (entered: boolean) => void;
  return { promise: new Promise((done) => (resolve = done)), resolve };
}

function standInCgroup(pids: number[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-cgroup-entry-'));
  writeFileSync(join(dir, 'cgroup.procs'), pids.map((pid) => `${pid}\n`).join(''));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('a run whose cgroup entry is still in flight', () => {
  it('lists its processes only once the main process is known to be in the cgroup', async () => {
    const pid = sleeper();
    const marks = { pgid: pid, startTicks: readProcEntry(pid)!.startTicks, tag: 'entry-test' };
    const entering = deferred();
    const group = localRunGroup(new RunProcesses(marks, standInCgroup([pid]), entering.promise));
    let listed: number[] | undefined;
    const remaining = group.remaining().then((pids) => (listed = pids));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed).toBeUndefined();
    entering.resolve(true);
    await remaining;
    expect(listed).toEqual([pid]);
  });

  it('falls back to the /proc marks when the move was refused', async () => {
    const pid = sleeper();
    const marks = { pgid: pid, startTicks: readProcEntry(pid)!.startTicks, tag: 'entry-test' };
    const entering = deferred();
    const processes = new RunProcesses(marks, standInCgroup([]), entering.promise);
    entering.resolve(false);
    expect(await localRunGroup(processes).remaining()).toEqual([pid]);
    expect(processes.cgroup).toBeUndefined();
  });

  it('makes a deferred move only when something first lists or kills, and once', async () => {
    const pid = sleeper();
    const marks = { pgid: pid, startTicks: readProcEntry(pid)!.startTicks, tag: 'entry-test' };
    let moves = 0;
    const processes = new RunProcesses(marks, standInCgroup([pid]), () => {
      moves += 1;
      return Promise.resolve(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(moves).toBe(0);
    const group = localRunGroup(processes);
    expect(await group.remaining()).toEqual([pid]);
    expect(await group.leftovers(pid)).toEqual([]);
    expect(moves).toBe(1);
  });
});
