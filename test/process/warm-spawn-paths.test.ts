import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WarmSpawner, type WarmRequest } from '../../src/process/warm/warm-spawner.js';
import { collect, warmRequests } from '../helpers/warm-requests.js';

// The helper spawns through libuv's handles directly (`bindings`, its fast path) and falls back to child_process
// and net (`portable`) where those are gone: both must give what Node's own spawn gives.
async function startHelper(portable: boolean): Promise<WarmSpawner> {
  if (portable) process.env.TERSH_WARM_PORTABLE = '1';
  try {
    return await WarmSpawner.start();
  } finally {
    delete process.env.TERSH_WARM_PORTABLE;
  }
}

const spawners = { bindings: await startHelper(false), portable: await startHelper(true) };
afterAll(() => Object.values(spawners).forEach((spawner) => spawner.close()));

const request = warmRequests('warm-paths');

async function runToEnd(spawner: WarmSpawner, req: WarmRequest, input?: string) {
  const launched = await spawner.launch(req);
  if (input !== undefined) launched.stdin!.end(input);
  const [stdout, stderr, exit] = await Promise.all([collect(launched.stdout), collect(launched.stderr), launched.exit]);
  launched.release();
  return { stdout, stderr, code: exit.code, signal: exit.signal };
}

/** The fields of the error Node's own spawn gives for the same start. */
function nodeSpawnError(file: string, args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    try {
      const child = spawn(file, args, { stdio: 'ignore' });
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

  it('fails a start as Node spawn does: ENOENT, EACCES, a missing cwd and a NUL byte', async () => {
    const notExecutable = join(mkdtempSync(join(tmpdir(), 'tersh-paths-')), 'script');
    writeFileSync(notExecutable, 'echo no\n', { mode: 0o644 });
    const starts: Array<[string, string[], Partial<WarmRequest>]> = [
      ['tersh-no-such-program', [], {}],
      [notExecutable, [], {}],
      ['/bin/echo', ['a\0b'], {}],
    ];
    for (const [file, args, extra] of starts) {
      const error = await spawner.launch(request(file, args, extra)).then(
        () => ({ spawned: true }),
        (failed: NodeJS.ErrnoException) => fieldsOf(failed),
      );
      expect(error).toEqual(await nodeSpawnError(file, args));
    }
    const missingCwd = await spawner.launch(request('/bin/echo', [], { cwd: '/tersh-no-such-folder' })).catch(fieldsOf);
    expect(missingCwd).toMatchObject({ code: 'ENOENT', syscall: 'spawn /bin/echo', path: '/bin/echo' });
    expect((await runToEnd(spawner, request('echo', ['still here']))).stdout).toBe('still here\n');
  });
});
