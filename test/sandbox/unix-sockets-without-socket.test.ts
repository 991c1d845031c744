// Regression for issue 20 item 1: a unix socket reached without calling socket(2), through io_uring
// (IORING_OP_SOCKET) or a datagram socketpair, from a sandbox that denies socket(AF_UNIX).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type RunOptions } from '../../src/run/index.js';
import { createRecordStore } from '../../src/store/index.js';

const source = join(import.meta.dirname, '../fixtures/sandbox/unix-reach.c');
const work = mkdtempSync(join(tmpdir(), 'tersh-unix-reach-'));
const reach = join(work, 'unix-reach');
const built = spawnSync('gcc', ['-O1', '-o', reach, source], { encoding: 'utf8' });
const noCompiler = built.status === 0 ? undefined : `gcc could not build the reproducer: ${built.error?.message ?? built.stderr}`;
if (noCompiler) console.warn(`skipping: ${noCompiler}`);
let sockets: string;

beforeAll(() => {
  sockets = mkdtempSync('/var/tmp/tersh-unix-reach-');
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(sockets, { recursive: true, force: true });
});

async function listen(address: string): Promise<{ server: Server; accepted: () => number }> {
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(address, resolve));
  return { server, accepted: () => accepted };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const runIn = (command: string, sandbox: NonNullable<RunOptions['sandbox']>) =>
  run(command, {
    store: createRecordStore({ dir: join(work, 'records') }),
    cwd: work,
    shell: 'bash',
    sandbox,
    timeoutMs: 20_000,
  });

describe.skipIf(noCompiler !== undefined)('the sandbox keeps host unix sockets out of reach without socket(2)', () => {
  it('reaches a host listener through io_uring when not sandboxed (the reproducer works)', async () => {
    const { server, accepted } = await listen(join(sockets, 'plain.sock'));
    try {
      const result = await runIn(`./unix-reach uring ${join(sockets, 'plain.sock')}`, false);
      expect(result.exit).toBe(0);
      expect(accepted()).toBe(1);
    } finally {
      await close(server);
    }
  });

  it.each([
    ['network off', { network: false }],
    ['network off, protect on', { network: false, protect: true }],
    ['network on', true],
  ] as const)('refuses io_uring, so IORING_OP_SOCKET cannot connect to a host socket path (%s)', async (_name, sandbox) => {
    const path = join(sockets, 'service.sock');
    const { server, accepted } = await listen(path);
    try {
      const result = await runIn(`./unix-reach uring ${path}`, sandbox);
      expect(result).toMatchObject({ exit: 3, sandboxed: true, stderr: expect.stringContaining('io_uring_setup ENOSYS') });
      expect(accepted()).toBe(0);
    } finally {
      await close(server);
    }
  });

  it('cannot reach a host abstract socket with the network allowed', async () => {
    const name = `tersh-abstract-${process.pid}-${Date.now()}`;
    const { server, accepted } = await listen(`\0${name}`);
    try {
      const plain = await runIn(`./unix-reach uring @${name}`, false);
      expect(plain.exit).toBe(0);
      const viaUring = await runIn(`./unix-reach uring @${name}`, true);
      const viaNode = await runIn(
        `node -e "require('net').connect('\\0${name}').on('connect', () => process.exit(0)).on('error', (e) => { console.error(e.code); process.exit(3) })"`,
        true,
      );
      expect([viaUring.exit, viaNode.exit]).toEqual([3, 3]);
      expect(viaNode.stderr).toContain('EPERM');
      expect(accepted()).toBe(1);
    } finally {
      await close(server);
    }
  });

  it.each([
    ['a path', () => join(sockets, 'journal.sock')],
    ['an abstract name', () => `@tersh-dgram-${process.pid}-${Date.now()}`],
  ] as const)('cannot send to a host datagram socket at %s from a datagram socketpair', async (_name, address) => {
    const target = address();
    const receiver = spawn(reach, ['receive', target], { stdio: ['ignore', 'pipe', 'pipe'] });
    let received = '';
    receiver.stdout.on('data', (chunk: Buffer) => (received += chunk.toString()));
    try {
      await new Promise<void>((resolve) => receiver.stdout.once('data', () => resolve()));
      const sandboxed = await runIn(`./unix-reach dgram ${target}`, { network: false });
      expect(sandboxed).toMatchObject({ exit: 3, stderr: expect.stringContaining('socketpair EPERM') });
      const widened = await runIn(`./unix-reach dgram ${target}`, true);
      expect(widened.exit).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toBe('ready\n');
      const plain = await runIn(`./unix-reach dgram ${target}`, false);
      expect(plain.exit).toBe(0);
      await new Promise<void>((resolve) => (receiver.exitCode !== null ? resolve() : receiver.once('exit', () => resolve())));
      expect(received).toBe('ready\nreached\n');
    } finally {
      receiver.kill('SIGKILL');
    }
  });

  it('still lets a command use stream socketpairs between its own processes (libuv pipes its children with them)', async () => {
    const script = `process.stdout.write(require('child_process').execFileSync('echo', ['piped'], { encoding: 'utf8' }))`;
    const result = await runIn(`node -e "${script}"`, { network: false });
    expect(result).toMatchObject({ exit: 0, sandboxed: true, stdout: 'piped\n' });
  });
});
