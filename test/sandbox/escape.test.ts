import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSandboxed } from './run-wrapped.js';

const marker = `tersh-escape-${process.pid}-${Date.now()}`;
let cwd: string;
let outside: string;

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'tersh-sbx-cwd-'));
  outside = mkdtempSync(join(tmpdir(), 'tersh-sbx-outside-'));
});

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
  for (const path of [`/etc/${marker}`, `/var/tmp/${marker}`, join(homedir(), marker)]) rmSync(path, { force: true });
});

describe('the sandbox blocks escapes (running as root)', () => {
  it.each([
    ['/etc', () => `/etc/${marker}`],
    ['$HOME', () => join(homedir(), marker)],
    ['another temp dir', () => join(outside, marker)],
    ['/var/tmp', () => `/var/tmp/${marker}`],
  ])('refuses a write to %s', async (_where, target) => {
    const result = await runSandboxed(`echo escaped > '${target()}'`, cwd);
    expect(result.exit).not.toBe(0);
    expect(existsSync(target())).toBe(false);
  });

  it('refuses to remount the root read-write', async () => {
    const result = await runSandboxed(`mount -o remount,rw / && echo escaped > /etc/${marker}`, cwd);
    expect(result.exit).not.toBe(0);
    expect(result.stderr).toMatch(/permission denied|not permitted/i);
    expect(existsSync(`/etc/${marker}`)).toBe(false);
  });

  it('refuses to create a device node, even inside cwd', async () => {
    const result = await runSandboxed('mknod ./null-device c 1 3', cwd);
    expect(result.exit).not.toBe(0);
    expect(existsSync(join(cwd, 'null-device'))).toBe(false);
  });

  it('does not let a write escape through a symlink in cwd pointing outside', async () => {
    symlinkSync(outside, join(cwd, 'link-out'));
    symlinkSync('/etc', join(cwd, 'link-etc'));
    const result = await runSandboxed(
      `echo x > link-out/${marker}; echo x > link-etc/${marker}; ln -s /etc/passwd p && echo x >> p`,
      cwd,
    );
    expect(result.exit).not.toBe(0);
    expect(existsSync(join(outside, marker))).toBe(false);
    expect(existsSync(`/etc/${marker}`)).toBe(false);
    expect(readFileSync('/etc/passwd', 'utf8')).not.toMatch(/^x$/m);
  });

  it('cannot signal a process outside the sandbox', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = sleeper.pid as number;
      const result = await runSandboxed(`kill -9 ${pid}`, cwd);
      expect(result.exit).not.toBe(0);
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(sleeper.exitCode).toBeNull();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('cannot connect to a unix socket of a host service (as /run/docker.sock would be)', async () => {
    const dir = mkdtempSync('/var/tmp/tersh-sbx-sock-');
    const path = join(dir, 'service.sock');
    let accepted = 0;
    const service = createServer((socket) => {
      accepted += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => service.listen(path, resolve));
    const script = `node -e "require('net').connect('${path}').on('connect', () => process.exit(0)).on('error', (e) => { console.error(e.code); process.exit(3); })"`;
    try {
      for (const network of [true, false]) {
        const blocked = await runSandboxed(script, cwd, { network });
        expect(blocked).toMatchObject({ exit: 3, stderr: 'EPERM\n' });
      }
      expect(accepted).toBe(0);
      const allowed = await runSandboxed(script, cwd, { allowUnixSockets: true });
      expect(allowed.exit).toBe(0);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hides protected files and directories behind empty mounts', async () => {
    const vault = mkdtempSync('/var/tmp/tersh-sbx-vault-');
    const secrets = join(vault, 'secrets');
    mkdirSync(secrets);
    writeFileSync(join(secrets, 'id_rsa'), 'PRIVATE KEY');
    writeFileSync(join(vault, 'token'), 'TOKEN');
    writeFileSync(join(cwd, '.env'), 'API_KEY=hunter2');
    writeFileSync(join(cwd, '.env.local'), 'API_KEY=hunter3');
    const script = `cat '${join(vault, 'token')}' .env .env.local; ls -A '${secrets}'; cat '${join(secrets, 'id_rsa')}'`;
    try {
      const result = await runSandboxed(script, cwd, { protect: [secrets, join(vault, 'token'), '.env', '.env.*'] });
      expect(result.stdout).not.toMatch(/TOKEN|hunter|PRIVATE|id_rsa/);
      const unprotected = await runSandboxed(script, cwd, true);
      expect(unprotected.stdout).toMatch(/TOKEN[\s\S]*hunter2[\s\S]*hunter3[\s\S]*id_rsa[\s\S]*PRIVATE KEY/);
    } finally {
      rmSync(vault, { recursive: true, force: true });
    }
  });
});

describe('the sandbox with network off', () => {
  let server: Server;
  let port: number;
  let accepted = 0;

  beforeAll(async () => {
    server = createServer((socket) => {
      accepted += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('cannot reach a TCP listener on the host loopback', async () => {
    const blocked = await runSandboxed(`echo hi > /dev/tcp/127.0.0.1/${port}`, cwd, { network: false });
    expect(blocked.exit).not.toBe(0);
    expect(accepted).toBe(0);
    const allowed = await runSandboxed(`echo hi > /dev/tcp/127.0.0.1/${port}`, cwd, { network: true });
    expect(allowed.exit).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accepted).toBe(1);
  });

  it('cannot send UDP to a listener on the host loopback', async () => {
    const received: string[] = [];
    const socket = createSocket('udp4');
    socket.on('message', (message) => received.push(message.toString()));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const udpPort = socket.address().port;
    try {
      await runSandboxed(`echo blocked > /dev/udp/127.0.0.1/${udpPort}`, cwd, { network: false });
      await runSandboxed(`echo allowed > /dev/udp/127.0.0.1/${udpPort}`, cwd, { network: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.map((text) => text.trim())).toEqual(['allowed']);
    } finally {
      socket.close();
    }
  });
});
