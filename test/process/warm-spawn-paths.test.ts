import { spawn } from 'node:child_process';
import { chmodSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WarmSpawner, type WarmRequest } from '../../src/process/warm/warm-spawner.js';
import { collect, warmRequests } from '../helpers/warm-requests.js';
import { waitFor } from '../jobs/helpers.js';

// The helper spawns through glibc's posix_spawn (`posix_spawn`, its fast path), else through libuv's handles
// directly (`bindings`), else through child_process and net (`portable`): each must give what Node's own spawn gives.
async function startHelper(path: 'posix_spawn' | 'bindings' | 'portable'): Promise<WarmSpawner> {
  process.env.TERSH_WARM_SPAWN_PATH = path;
  try {
    return await WarmSpawner.start();
  } finally {
    delete process.env.TERSH_WARM_SPAWN_PATH;
  }
}

const spawners = {
  posix_spawn: await startHelper('posix_spawn'),
  bindings: await startHelper('bindings'),
  portable: await startHelper('portable'),
};
afterAll(() => Object.values(spawners).forEach((spawner) => spawner.close()));

const request = warmRequests('warm-paths');

async function runToEnd(spawner: WarmSpawner, req: WarmRequest, input?: string) {
  const launched = await spawner.launch(req);
  if (input !== undefined) launched.stdin!.end(input);
  const [stdout, stderr, exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
  launched.release();
  return { stdout, stderr, code: exit.code, signal: exit.signal };
}

/** What Node's own spawn gives for the same start: stdout and exit. */
function nodeSpawnRun(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ stdout, code }));
  });
}

/** The fields of the error Node's own spawn gives for the same start. */
function nodeSpawnError(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    try {
      const child = spawn(file, args, { ...options, stdio: 'ignore' });
      child.once('error', (error: NodeJS.ErrnoException) => resolve(fieldsOf(error)));
      child.once('spawn', () => resolve({ spawned: true }));
    } catch (error) {
      resolve(fieldsOf(error as NodeJS.ErrnoException));
    }
  });
}

function fieldsOf(error: NodeJS.ErrnoException): Record<string, unknown> {
  const { message, code, errno, syscall, path } = error;
  return Object.fromEntries(Object.entries({ message, code, errno, syscall, path }).filter(([, value]) => value !== undefined));
}

describe.each(Object.keys(spawners) as Array<keyof typeof spawners>)('the helper spawning through %s', (path) => {
  const spawner = spawners[path];

  it('is the path it says it takes', () => {
    expect(spawner.spawnPath).toBe(path);
  });

  it('starts a command with its env (set and unset against the base), cwd and umask, and reports its exit code', async () => {
    const previous = process.umask(0o027);
    try {
      const first = request('/bin/sh', ['-c', 'echo "$PATHS_A-$PATHS_B"; pwd; umask; echo oops >&2; exit 3'], { cwd: '/tmp' });
      first.env = { ...first.env, PATHS_A: 'one', PATHS_B: 'two' };
      expect(await runToEnd(spawner, first)).toEqual({
        stdout: 'one-two\n/tmp\n0027\n',
        stderr: 'oops\n',
        code: 3,
        signal: null,
      });
      const next = request('/bin/sh', ['-c', 'echo "${PATHS_A-unset}-$PATHS_B"; echo "$TERSH_RUN_ID"']);
      next.env = { ...next.env, PATHS_B: 'three' };
      delete next.env.PATHS_A;
      expect((await runToEnd(spawner, next)).stdout).toBe(`unset-three\n${next.tag}\n`);
    } finally {
      process.umask(previous);
    }
  });

  it('reports a signal death as the signal, and feeds stdin from the third socket', async () => {
    expect(await runToEnd(spawner, request('/bin/sh', ['-c', 'kill -KILL $$']))).toMatchObject({ code: null, signal: 'SIGKILL' });
    const echoed = await runToEnd(spawner, request('/bin/sh', ['-c', 'cat; echo done >&2'], { stdin: 'pipe' }), 'in\n');
    expect(echoed).toEqual({ stdout: 'in\n', stderr: 'done\n', code: 0, signal: null });
  });

  it('fails a start as Node spawn does: ENOENT, EACCES, E2BIG, ENOTDIR, a missing cwd and a NUL byte', async () => {
    const notExecutable = join(mkdtempSync(join(tmpdir(), 'tersh-paths-')), 'script');
    writeFileSync(notExecutable, 'echo no\n', { mode: 0o644 });
    const starts: Array<[string, string[], Partial<WarmRequest>]> = [
      ['tersh-no-such-program', [], {}],
      [notExecutable, [], {}],
      ['/bin/echo', ['a\0b'], {}],
      ['/bin/echo', ['x'.repeat(3_000_000)], {}],
      ['/tmp', [], {}],
      ['/bin/echo', [], { cwd: '/etc/passwd' }],
      ['echo', [], { cwd: '/etc/passwd' }],
      ['tmp', [], { env: { ...process.env, PATH: '/' } }],
    ];
    for (const [file, args, extra] of starts) {
      const started = request(file, args, extra);
      started.env = { ...started.env, TERSH_RUN_ID: started.tag };
      const error = await spawner.launch(started).then(
        () => ({ spawned: true }),
        (failed: NodeJS.ErrnoException) => fieldsOf(failed),
      );
      const options = { ...(extra.cwd ? { cwd: extra.cwd } : {}), ...(extra.env ? { env: extra.env } : {}) };
      expect(error, `${file} ${JSON.stringify(options.cwd)}`).toEqual(await nodeSpawnError(file, args, options));
    }
    const missingCwd = await spawner.launch(request('/bin/echo', [], { cwd: '/tersh-no-such-folder' })).catch(fieldsOf);
    expect(missingCwd).toMatchObject({ code: 'ENOENT', syscall: 'spawn /bin/echo', path: '/bin/echo' });
    expect((await runToEnd(spawner, request('echo', ['still here']))).stdout).toBe('still here\n');
  });

  it('gives the command what Node spawn gives: only fds 0-2, no blocked or ignored signals, its own session', async () => {
    const launched = await spawner.launch(request('/bin/sleep', ['30'], { stdin: 'pipe' }));
    const node = spawn('/bin/sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      const seen = (pid: number) => {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
          .slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2)
          .split(' ');
        return {
          fds: readdirSync(`/proc/${pid}/fd`).sort(),
          signals: status.match(/^Sig(Blk|Ign|Cgt):.*$/gm),
          session: { leader: Number(stat[3]) === pid, groupLeader: Number(stat[2]) === pid },
          nonBlocking: [0, 1, 2].filter((fd) => {
            const flags = readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').match(/^flags:\s+(\d+)/m)![1]!;
            return (parseInt(flags, 8) & constants.O_NONBLOCK) !== 0;
          }),
        };
      };
      // Past their start-up first: `sleep` opens its libraries and locale files as fd 3 for a moment (its own, not inherited).
      const settled = (pid: number) => () => readdirSync(`/proc/${pid}/fd`).length <= 3;
      await Promise.all([waitFor(settled(launched.pid), 2_000), waitFor(settled(node.pid!), 2_000)]);
      const ours = seen(launched.pid);
      expect(ours).toEqual({ ...seen(node.pid!), fds: ['0', '1', '2'] });
      expect(ours.signals).toEqual(['SigBlk:\t0000000000000000', 'SigIgn:\t0000000000000000', 'SigCgt:\t0000000000000000']);
      expect(ours.session).toEqual({ leader: true, groupLeader: true });
      expect(ours.nonBlocking).toEqual([]);
    } finally {
      process.kill(launched.pid, 'SIGKILL');
      node.kill('SIGKILL');
      await launched.exit;
      launched.release();
    }
  });

  it("looks a program up in the run's own PATH as execvp does: EACCES kept for the end, a file without #! run by sh", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tersh-paths-'));
    const denied = join(folder, 'denied');
    const found = join(folder, 'found');
    [denied, found].forEach((dir) => mkdirSync(dir));
    writeFileSync(join(denied, 'tersh-prog'), 'echo denied\n', { mode: 0o644 });
    writeFileSync(join(found, 'tersh-prog'), 'echo "found $1"\n');
    chmodSync(join(found, 'tersh-prog'), 0o755);
    writeFileSync(join(denied, 'tersh-only-denied'), 'echo no\n', { mode: 0o644 });
    const env = { ...process.env, PATH: `${folder}/none:${denied}:${found}` };
    const started = await runToEnd(spawner, { ...request('tersh-prog', ['arg']), env: { ...env, TERSH_RUN_ID: 'x' } });
    expect(started).toMatchObject({ stdout: 'found arg\n', code: 0 });
    expect(await nodeSpawnRun('tersh-prog', ['arg'], env)).toEqual({ stdout: 'found arg\n', code: 0 });
    const refused = await spawner
      .launch({ ...request('tersh-only-denied', []), env: { ...env, TERSH_RUN_ID: 'y' } })
      .then(() => ({ spawned: true }), fieldsOf);
    expect(refused).toMatchObject({ code: 'EACCES', syscall: 'spawn tersh-only-denied' });
    const relative = await runToEnd(spawner, request('./tersh-prog', ['rel'], { cwd: found }));
    expect(relative.stdout).toBe('found rel\n');
  });
});

// The command's output sockets may hold more unread than a socket's default (net.core.wmem_default), so a command
// writing fast blocks less often: the posix_spawn path asks for 1 MiB (the kernel caps it at wmem_max, and doubles it).
describe('the helper spawning through posix_spawn', () => {
  it("gives the command's stdout and stderr sockets a send buffer over the default", async () => {
    const byDefault = Number(readFileSync('/proc/sys/net/core/wmem_default', 'utf8'));
    const sendBuffer = (fd: number): string =>
      `perl -MSocket -e 'open(my $s, ">&=", ${fd}) or die; print unpack("i", getsockopt($s, SOL_SOCKET, SO_SNDBUF)), "\\n"'`;
    const { stdout, stderr, code } = await runToEnd(
      spawners.posix_spawn,
      request('/bin/sh', ['-c', `${sendBuffer(1)}; ${sendBuffer(2)} >&2`]),
    );
    expect(code).toBe(0);
    for (const bytes of [stdout, stderr]) expect(Number(bytes)).toBeGreaterThan(byDefault);
  });
});
