import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, createShell, run } from '../../src/index.js';
import { createCgroupParent, removeCgroup } from '../../src/process/cgroup.js';
import { signalPids } from '../../src/process/group.js';
import { readProcEntry } from '../../src/process/proc-scan.js';
import { warmSpawner, warmSpawnerReady } from '../../src/process/warm/helper-state.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { waitFor } from '../jobs/helpers.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
/** The cgroup v2 folder this process (and a host it spawns) is in, where there is one. */
const cgroupRoot = ((): string | undefined => {
  const mount = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .find((fields) => fields[2] === 'cgroup2')?.[1];
  const own = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('0::'));
  return mount && own !== undefined ? join(mount, own.slice(3)) : undefined;
})();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });
/** Whether this process may make cgroups and move processes into them (root here): runs then get one each. */
const runCgroupsHere = ((): boolean => {
  const parent = createCgroupParent();
  if (parent) removeCgroup(parent);
  return parent !== undefined;
})();
const host = new URL('../fixtures/run/warm-run-host.ts', import.meta.url).pathname;
const oneRunHost = new URL('../fixtures/run/one-run-host.ts', import.meta.url).pathname;

function childrenOf(pid: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || readProcEntry(Number(name))?.ppid !== pid) continue;
    try {
      found.push({ pid: Number(name), cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // gone
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('run() through the warm spawner', () => {
  it('starts the command as a child of the helper, with everything run() gives', async () => {
    expect(await warmSpawnerReady()).toBe(true);
    const helperPid = warmSpawner()!.helperPid;
    const result = await run('echo "$PPID $TERSH_RUN_ID"; cat; exit 4', {
      store: store(),
      spawner: 'warm',
      input: 'typed\n',
      env: { EXTRA: '1' },
    });
    expect(result.stdout).toBe(`${helperPid} ${result.id}\ntyped\n`);
    expect(result).toMatchObject({ exit: 4, ok: false });
  });

  it('kills the whole group at a timeout, leaving no survivor', async () => {
    await warmSpawnerReady();
    const seconds = uniqueSleepSeconds();
    const result = await run(`sleep ${seconds} & sleep ${seconds}`, { store: store(), spawner: 'warm', timeoutMs: 200 });
    expect(result).toMatchObject({ timedOut: true, exit: null });
    expect(livePidsWith(`sleep ${seconds}`)).toEqual([]);
  });

  it("takes the spawner from createShell, a call's own spawner winning", async () => {
    await warmSpawnerReady();
    const helperPid = warmSpawner()!.helperPid;
    const shell = createShell({ storeDir: join(tempDir(), 'shell'), spawner: 'warm' });
    try {
      expect((await shell.run('echo $PPID')).stdout).toBe(`${helperPid}\n`);
      expect((await shell.run('echo $PPID', { spawner: 'direct' })).stdout).not.toBe(`${helperPid}\n`);
    } finally {
      await shell.close();
    }
  });

  it('starts through the helper when nothing chooses, and directly when TERSH_SPAWNER says direct', async () => {
    await warmSpawnerReady();
    const helperPid = warmSpawner()!.helperPid;
    const previous = process.env.TERSH_SPAWNER;
    try {
      delete process.env.TERSH_SPAWNER;
      expect((await run('echo $PPID', { store: store() })).stdout).toBe(`${helperPid}\n`);
      process.env.TERSH_SPAWNER = 'direct';
      expect((await run('echo $PPID', { store: store() })).stdout).toBe(`${process.pid}\n`);
      expect((await run('echo $PPID', { store: store(), spawner: 'warm' })).stdout).toBe(`${helperPid}\n`);
    } finally {
      if (previous === undefined) delete process.env.TERSH_SPAWNER;
      else process.env.TERSH_SPAWNER = previous;
    }
  });

  it('boots no helper for a process that runs one command, and one from its second run on', { timeout: 60_000 }, async () => {
    const env = { ...process.env };
    delete env.TERSH_SPAWNER;
    const printed = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', oneRunHost, join(tempDir(), 'one')], {
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', () => resolve(text));
    });
    const figures = JSON.parse(printed) as {
      pid: number;
      first: string;
      afterFirst: number;
      ready: boolean;
      afterSecond: number;
      third: string;
    };
    expect(figures).toMatchObject({ first: `${figures.pid}\n`, afterFirst: 0, ready: true, afterSecond: 1 });
    expect(figures.third).not.toBe(`${figures.pid}\n`);
  });

  it.skipIf(!runCgroupsHere)(
    'waits between runs in the cgroup the next run gets, never in one a command still runs in; a detached command starts outside',
    async () => {
      expect(await warmSpawnerReady()).toBe(true);
      const helperPid = warmSpawner()!.helperPid;
      const records = store();
      const cgroupOf = (pid: number): string =>
        readFileSync(`/proc/${pid}/cgroup`, 'utf8')
          .split('\n')
          .find((line) => line.startsWith('0::'))!;
      await run('true', { store: records, spawner: 'warm' });
      for (let i = 0; i < 3; i++) {
        const waitingIn = cgroupOf(helperPid);
        expect(waitingIn).toMatch(/\/tersh-\d+-/);
        const result = await run('grep ^0:: /proc/self/cgroup', { store: records, spawner: 'warm' });
        // Forked where the helper waited (no move in), and the helper has left it since.
        expect(result.stdout!.trim()).toBe(waitingIn);
        expect(cgroupOf(helperPid)).not.toBe(waitingIn);
      }
      // Runs in flight together: wherever the helper waits meanwhile, no command of theirs is in it.
      const runs = Array.from({ length: 6 }, () =>
        run('grep ^0:: /proc/self/cgroup; sleep 0.4', { store: records, spawner: 'warm' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const helperMeanwhile = cgroupOf(helperPid);
      const commandCgroups = (await Promise.all(runs)).map((result) => result.stdout!.trim());
      expect(new Set(commandCgroups).size).toBe(6);
      expect(commandCgroups).not.toContain(helperMeanwhile);
      const detached = await run('grep ^0:: /proc/self/cgroup', { store: records, spawner: 'warm', detached: true });
      expect(detached.stdout!.trim()).toBe(cgroupOf(process.pid));
    },
  );

  it('refuses an unknown spawner with a TypeError naming the field', async () => {
    await expect(run('true', { store: store(), spawner: 'fork' as 'warm' })).rejects.toThrow(
      "Expected `spawner` to be one of 'direct', 'warm', 'auto'",
    );
    expect(() => createShell({ spawner: 7 as unknown as 'warm' })).toThrow(/`spawner`/);
  });

  it(
    'lets the helper kill the run when its host is SIGKILLed, with no separate watchdog started',
    { timeout: 60_000 },
    async () => {
      const marker = uniqueSleepSeconds();
      const child = spawn(process.execPath, ['--import', 'tsx', host, join(tempDir(), 'host'), marker], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const line = await new Promise<string>((resolve) =>
          child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
        );
        const { helperPid } = JSON.parse(line) as { helperPid: number };
        const helpers = childrenOf(child.pid!);
        expect(helpers.map((entry) => entry.pid)).toContain(helperPid);
        expect(helpers.filter((entry) => entry.cmdline.includes('--max-old-space-size=32'))).toEqual([]); // the watchdog's
        child.kill('SIGKILL');
        expect(await waitFor(() => livePidsWith(`sleep ${marker}`).length === 0, 3_000)).toBe(true);
        // Its cgroup folder goes too, with the emptied run cgroup it kept for a next run.
        const folders = (): string[] =>
          cgroupRoot ? readdirSync(cgroupRoot).filter((name) => name.startsWith(`tersh-${child.pid}-`)) : [];
        expect(await waitFor(() => folders().length === 0, 3_000)).toBe(true);
      } finally {
        child.kill('SIGKILL');
        signalPids(livePidsWith(`sleep ${marker}`), 'SIGKILL');
      }
    },
  );
});
