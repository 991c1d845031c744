import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createCgroupParent, createRunCgroup, removeCgroup } from '../../src/process/cgroup.js';
import { readProcEntry } from '../../src/process/proc-scan.js';
import { WarmSpawner, type WarmRequest } from '../../src/process/warm/warm-spawner.js';
import type { StartMessage } from '../../src/process/warm/protocol.js';
import type { SocketFolder, SocketsWire } from '../../src/process/warm/socket-folder.js';
import { collect, warmRequests } from '../helpers/warm-requests.js';
import { signalPids } from '../../src/process/group.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { waitFor } from '../jobs/helpers.js';

const host = new URL('../fixtures/run/warm-host.ts', import.meta.url).pathname;
const spawner = await WarmSpawner.start();
afterAll(() => spawner.close());

const request = warmRequests('warm-unit');

async function runToEnd(
  req: WarmRequest,
  input?: string,
): Promise<{ stdout: string; stderr: string; code: number | null; signal: string | null; pid: number }> {
  const launched = await spawner.launch(req);
  if (input !== undefined) launched.stdin!.end(input);
  const [stdout, stderr, exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
  launched.release();
  return { stdout, stderr, code: exit.code, signal: exit.signal, pid: launched.pid };
}

describe('the warm spawner', () => {
  const cgroupParent = createCgroupParent();
  const ownCgroup = (pid: number | 'self'): string | undefined =>
    readFileSync(`/proc/${pid}/cgroup`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('0::'));

  it.skipIf(!cgroupParent)('forks a command inside the cgroup it is given, then returns the helper to its own', async () => {
    const tag = `warm-cgroup-${process.pid}`;
    const cgroup = createRunCgroup(cgroupParent!, tag)!;
    try {
      const req = request('/bin/sh', ['-c', 'grep ^0:: /proc/self/cgroup; sh -c "grep ^0:: /proc/self/cgroup"'], { cgroup, tag });
      const launched = await spawner.launch(req);
      const [stdout, , exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
      launched.release();
      expect(exit.code).toBe(0);
      expect(launched.inCgroup).toBe(true);
      // Its command and what that forks are in the run's cgroup; the helper is back where the host put it.
      expect(stdout.split('\n').filter(Boolean)).toEqual([
        expect.stringMatching(new RegExp(`/${tag}$`)),
        expect.stringMatching(new RegExp(`/${tag}$`)),
      ]);
      expect(ownCgroup(spawner.helperPid)).toBe(ownCgroup('self'));
    } finally {
      removeCgroup(cgroup);
      removeCgroup(cgroupParent!);
    }
  });

  it.skipIf(!cgroupParent)(
    'forks in a cgroup removed and made again under the same name (the helper keeps cgroup files open)',
    async () => {
      const tag = `warm-remade-${process.pid}`;
      const parent = createCgroupParent()!;
      const cgroupOf = async (cgroup: string) => {
        const launched = await spawner.launch(request('/bin/sh', ['-c', 'grep ^0:: /proc/self/cgroup'], { cgroup, tag }));
        const [stdout, , exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
        launched.release();
        return { stdout: stdout.trim(), inCgroup: launched.inCgroup, emptied: exit.emptied };
      };
      try {
        const first = createRunCgroup(parent, tag)!;
        expect(await cgroupOf(first)).toEqual({
          stdout: expect.stringMatching(new RegExp(`/${tag}$`)),
          inCgroup: true,
          emptied: true,
        });
        expect(removeCgroup(first)).toBe(true);
        const again = createRunCgroup(parent, tag)!;
        expect(again).toBe(first);
        expect(await cgroupOf(again)).toEqual({
          stdout: expect.stringMatching(new RegExp(`/${tag}$`)),
          inCgroup: true,
          emptied: true,
        });
        expect(ownCgroup(spawner.helperPid)).toBe(ownCgroup('self'));
      } finally {
        removeCgroup(join(parent, tag));
        removeCgroup(parent);
      }
    },
  );

  it.skipIf(!cgroupParent)("says a run's cgroup emptied with the exit only when nothing of the run is left in it", async () => {
    const tag = `warm-emptied-${process.pid}`;
    const parent = createCgroupParent()!;
    const cgroup = createRunCgroup(parent, tag)!;
    const marker = uniqueSleepSeconds();
    try {
      const exitOf = async (script: string) => {
        const launched = await spawner.launch(request('/bin/sh', ['-c', script], { cgroup, tag }));
        const [, , exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
        launched.release();
        return exit;
      };
      expect((await exitOf('exit 3')).emptied).toBe(true);
      const leaving = await exitOf(`sleep ${marker} >/dev/null 2>&1 & exit 0`);
      expect(leaving.emptied).toBeUndefined();
      expect(livePidsWith(`sleep ${marker}`)).toHaveLength(1);
    } finally {
      signalPids(livePidsWith(`sleep ${marker}`), 'SIGKILL');
      await waitFor(() => livePidsWith(`sleep ${marker}`).length === 0);
      removeCgroup(cgroup);
      removeCgroup(parent);
    }
  });

  it.skipIf(!cgroupParent)(
    'waits after a fork in the park the start names, unless a later start forked there already; goes home when a start fails first',
    async () => {
      const parent = createCgroupParent()!;
      const made = (name: string): string => createRunCgroup(parent, `${name}-${process.pid}`)!;
      const [busy, own, free] = [made('busy'), made('own'), made('free')];
      const marker = uniqueSleepSeconds();
      // Starts written as the host's would be, with ids chosen: the helper reads starts in order but may fork them out
      // of it (one waits for its connections while the next has its spares).
      const internals = spawner as unknown as { helper: { send(message: StartMessage): void }; sockets: SocketFolder };
      const message = (id: number, wire: SocketsWire, args: string[], cgroup: string, park?: string): StartMessage => ({
        op: 'start',
        id,
        ...wire,
        file: '/bin/sh',
        args: ['-c', ...args],
        cwd: '/',
        cgroup,
        park,
        set: {},
        unset: [],
        umask: 0o022,
        stdin: false,
        watch: null,
      });
      const start = async (id: number, args: string[], cgroup: string, park?: string): Promise<void> => {
        const expected = internals.sockets.expect([1, 2]);
        internals.helper.send(message(id, expected.wire, args, cgroup, park));
        // The helper's own copies close after its fork and its move: the sockets end once the command has exited.
        const sockets = await expected.sockets;
        await Promise.all([...sockets.values()].map(collect));
      };
      try {
        await start(1_000_000, ['exit 0'], own, free);
        expect(ownCgroup(spawner.helperPid)).toMatch(new RegExp(`/free-${process.pid}$`)); // waits in the park
        // A start that fails before its fork (spares it never made) sends the helper home: its cgroup goes back empty.
        internals.helper.send(message(1_000_003, { spares: ['0'.repeat(32), '1'.repeat(32)] }, ['exit 0'], free, own));
        expect(await waitFor(() => ownCgroup(spawner.helperPid) === ownCgroup('self'))).toBe(true);
        // A start read later (a larger id) forks a command that stays in `busy`; one read earlier then names `busy`.
        const later = start(1_000_002, [`exec sleep ${marker}`], busy);
        expect(await waitFor(() => livePidsWith(`sleep ${marker}`).length === 1)).toBe(true);
        await start(1_000_001, ['exit 0'], own, busy);
        expect(ownCgroup(spawner.helperPid)).toBe(ownCgroup('self'));
        signalPids(livePidsWith(`sleep ${marker}`), 'SIGKILL');
        await later;
      } finally {
        signalPids(livePidsWith(`sleep ${marker}`), 'SIGKILL');
        await waitFor(() => livePidsWith(`sleep ${marker}`).length === 0);
        for (const cgroup of [busy, own, free]) removeCgroup(cgroup);
        removeCgroup(parent);
      }
    },
  );

  it('starts a command with the env, cwd and umask given, and reports its exit code', async () => {
    const previous = process.umask(0o027);
    try {
      const req = request('/bin/sh', ['-c', 'echo "$WARM_A-$WARM_B"; pwd; umask; echo oops >&2; exit 3'], { cwd: '/tmp' });
      req.env = { ...req.env, WARM_A: 'one', WARM_B: 'two' };
      const first = await runToEnd(req);
      expect(first).toMatchObject({ stdout: 'one-two\n/tmp\n0027\n', stderr: 'oops\n', code: 3, signal: null });
      // The next run differs from the base by a removed and a changed variable.
      const next = request('/bin/sh', ['-c', 'echo "${WARM_A-unset}-$WARM_B"']);
      next.env = { ...next.env, WARM_B: 'three' };
      expect((await runToEnd(next)).stdout).toBe('unset-three\n');
    } finally {
      process.umask(previous);
    }
  });

  it('reports a signal death as the signal, not an exit code', async () => {
    expect(await runToEnd(request('/bin/sh', ['-c', 'kill -TERM $$']))).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  it('starts every command as the leader of its own session and process group', async () => {
    const launched = await spawner.launch(request('sleep', ['5']));
    try {
      const entry = readProcEntry(launched.pid)!;
      expect(entry.pgid).toBe(launched.pid);
      expect(entry.sid).toBe(launched.pid);
      expect(entry.ppid).toBe(spawner.helperPid);
    } finally {
      process.kill(-launched.pid, 'SIGKILL');
      await launched.exit;
      launched.release();
    }
  });

  it('writes input to a third socket that the command reads as stdin to its end', async () => {
    const input = 'x'.repeat(300_000) + '\nlast line\n';
    const result = await runToEnd(request('/bin/sh', ['-c', 'wc -c; tail -n 1 >&2'], { stdin: 'pipe' }), input);
    // wc reads everything; tail then sees the end of input (nothing left).
    expect(result.stdout.trim()).toBe(String(input.length));
    expect(result.code).toBe(0);
  });

  it('rejects a missing or non-executable program with the error spawn gives (ENOENT, EACCES)', async () => {
    await expect(spawner.launch(request('tersh-no-such-program', []))).rejects.toMatchObject({
      code: 'ENOENT',
      syscall: 'spawn tersh-no-such-program',
    });
    const notExecutable = join(mkdtempSync(join(tmpdir(), 'tersh-warm-')), 'script');
    writeFileSync(notExecutable, 'echo no\n', { mode: 0o644 });
    await expect(spawner.launch(request(notExecutable, []))).rejects.toMatchObject({ code: 'EACCES' });
    // The helper lives on.
    expect((await runToEnd(request('echo', ['still here']))).stdout).toBe('still here\n');
  });

  it('keeps its sockets in a folder only this user can enter, and closes connections without a waiting token', async () => {
    const folder = (spawner as unknown as { sockets: { folder: string; path: string } }).sockets;
    expect(statSync(folder.folder).mode & 0o777).toBe(0o700);
    const launched = await spawner.launch(request('/bin/sh', ['-c', 'sleep 0.3; echo real']));
    const output = collect(launched.stdout);
    // A stranger guessing the form of a tag: its connection is closed and its bytes go nowhere.
    const stranger = createConnection(folder.path);
    stranger.on('error', () => undefined);
    stranger.write('0123456789abcdef0123456789abcdef:1\ninjected\n');
    const closed = await new Promise<boolean>((resolve) => {
      stranger.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 2_000);
    });
    expect(closed).toBe(true);
    expect(await output).toBe('real\n');
    await launched.exit;
    launched.release();
  });

  it('hands a run the spare connections the helper made ahead, and refuses a stranger posing as a spare', async () => {
    const folder = (spawner as unknown as { sockets: { path: string; spares: Map<string, unknown> } }).sockets;
    await runToEnd(request('true', []));
    expect(await waitFor(() => folder.spares.size >= 4, 2_000)).toBe(true);
    const before = [...folder.spares.keys()];
    const launched = await spawner.launch(request('/bin/sh', ['-c', 'cat; echo err >&2'], { stdin: 'pipe' }));
    expect(before.slice(0, 3).some((token) => folder.spares.has(token))).toBe(false);
    launched.stdin!.end('through a spare\n');
    const [stdout, stderr, exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
    launched.release();
    expect({ stdout, stderr, code: exit.code }).toEqual({ stdout: 'through a spare\n', stderr: 'err\n', code: 0 });
    const stranger = createConnection(folder.path);
    stranger.on('error', () => undefined);
    stranger.write('0123456789abcdef0123456789abcdef:s\n');
    expect(
      await new Promise<boolean>(
        (resolve) => (stranger.once('close', () => resolve(true)), setTimeout(() => resolve(false), 2_000)),
      ),
    ).toBe(true);
    expect(folder.spares.has('0123456789abcdef0123456789abcdef')).toBe(false);
  });

  it('runs 20 commands at once and hands each its own output', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => runToEnd(request('/bin/sh', ['-c', `echo ${index}; echo e${index} >&2`]))),
    );
    expect(results.map((result) => result.stdout)).toEqual(Array.from({ length: 20 }, (_, index) => `${index}\n`));
    expect(results.map((result) => result.stderr)).toEqual(Array.from({ length: 20 }, (_, index) => `e${index}\n`));
  });
});

describe('the warm spawner as a watchdog', () => {
  it('kills every group it started when its host is SIGKILLed, but not a released one', { timeout: 60_000 }, async () => {
    const watched = uniqueSleepSeconds();
    const released = uniqueSleepSeconds();
    const child = spawn(process.execPath, ['--import', 'tsx', host, watched, released], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = (seconds: string): number[] => livePidsWith(`sleep ${seconds}`).filter((pid) => pid !== child.pid);
    try {
      const helperPid = Number(
        await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))),
      );
      expect(pids(watched)).toHaveLength(3);
      child.kill('SIGKILL');
      expect(await waitFor(() => pids(watched).length === 0, 3_000)).toBe(true);
      expect(pids(released)).toHaveLength(3);
      expect(await waitFor(() => readProcEntry(helperPid) === undefined, 3_000)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      signalPids([...pids(watched), ...pids(released)], 'SIGKILL');
    }
  });
});

describe('when the helper dies', () => {
  it('resolves a running command with a clear error, kills its group, and rejects a start in flight', async () => {
    const own = await WarmSpawner.start();
    const crashes: string[] = [];
    own.onCrash((reason) => crashes.push(reason));
    const marker = uniqueSleepSeconds();
    const running = await own.launch(request('/bin/sh', ['-c', `sleep ${marker}`]));
    running.stdout.resume();
    running.stderr.resume();
    // Stopped first, so the start is surely in flight when it dies (a busy host may lose its core between the
    // send and the kill, and the helper then starts the command: that case is the next test's).
    process.kill(own.helperPid, 'SIGSTOP');
    const starting = own.launch(request('sleep', ['1']));
    process.kill(own.helperPid, 'SIGKILL');
    const exit = await running.exit;
    expect(exit).toMatchObject({ code: null, signal: null });
    expect(exit.error).toMatch(/helper .* exited with signal SIGKILL while the command ran/);
    await expect(starting).rejects.toMatchObject({ code: 'SPAWN_FAILED' });
    expect(await waitFor(() => livePidsWith(`sleep ${marker}`).length === 0, 2_000)).toBe(true);
    expect(crashes).toHaveLength(1);
    expect(own.alive).toBe(false);
    await expect(own.launch(request('true', []))).rejects.toMatchObject({ code: 'SPAWN_FAILED' });
  });

  it('resolves a run whose helper died before the host claimed its sockets, rather than failing its start', async () => {
    const own = await WarmSpawner.start();
    const marker = uniqueSleepSeconds();
    const launching = own.launch(request('sleep', [marker]));
    // The host is busy while the helper connects, spawns and reports; it dies before the host reads any of that.
    const busyUntil = Date.now() + 10_000;
    while (livePidsWith(`sleep ${marker}`).length === 0 && Date.now() < busyUntil)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    process.kill(own.helperPid, 'SIGKILL');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    const outcome = await launching.then(
      async (launched) => (await launched.exit).error,
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/exited with signal SIGKILL (while the command ran|before sleep started)/);
    expect(await waitFor(() => livePidsWith(`sleep ${marker}`).length === 0, 2_000)).toBe(true);
  });
});
