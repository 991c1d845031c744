import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/run/index.js';
import { createRecordStore } from '../../src/store/index.js';
import { spawnAndWait } from './run-wrapped.js';

let root: string;
let server: Server;
let port: number;
let accepted = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tersh-sbx-run-'));
  server = createServer((socket) => {
    accepted += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const store = () => createRecordStore({ dir: join(root, 'records') });
const workDir = () => mkdtempSync(join(root, 'cwd-'));

describe('sandbox and trace through run()', () => {
  it('denies the network with network: false and reports the run as sandboxed', async () => {
    const command = `echo hi > /dev/tcp/127.0.0.1/${port}`;
    const blocked = await run(command, { store: store(), cwd: workDir(), shell: 'bash', sandbox: { network: false } });
    expect(blocked).toMatchObject({ ok: false, sandboxed: true });
    expect(accepted).toBe(0);
    const allowed = await run(command, { store: store(), cwd: workDir(), shell: 'bash', sandbox: true });
    expect(allowed).toMatchObject({ ok: true, sandboxed: true });
  });

  it('leaves nothing running inside the sandbox after a timeout', async () => {
    const tag = `${4000 + (process.pid % 997)}.${Date.now() % 1000}`;
    const result = await run(`sleep ${tag} & (setsid sleep ${tag} &); sleep ${tag}`, {
      store: store(),
      cwd: workDir(),
      sandbox: true,
      timeoutMs: 1500,
      killGraceMs: 200,
    });
    expect(result).toMatchObject({ timedOut: true, sandboxed: true });
    const left = await spawnAndWait('pgrep', ['-f', `^sleep ${tag}$`], root);
    expect(left.stdout).toBe('');
  });

  it('traces a sandboxed run without listing the sandbox launcher', async () => {
    const cwd = workDir();
    const result = await run('git init -q repo && touch repo/a && git -C repo add a', {
      store: store(),
      cwd,
      sandbox: { network: false },
      trace: true,
    });
    expect(result).toMatchObject({ exit: 0, sandboxed: true });
    const processes = result.traceSummary?.processes.items.map((path) => path.split('/').pop()) ?? [];
    expect(processes).toEqual(['bash', 'git', 'touch']);
    expect(result.traceSummary?.filesCreated.items).toEqual(
      expect.arrayContaining([join(cwd, 'repo'), join(cwd, 'repo/.git/hooks'), join(cwd, 'repo/a')]),
    );
    expect(result.traceSummary?.filesCreated.items.filter((path) => path.endsWith('/'))).toEqual([]);
  });
});
