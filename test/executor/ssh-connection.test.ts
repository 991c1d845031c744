import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTershError } from '../../src/errors.js';
import { ConnectionPool, POOL_LIMITS, type PooledChannel } from '../../src/executor/ssh/connection-pool.js';
import { normalizeSshOptions } from '../../src/executor/ssh/ssh-options.js';
import { startSshd, type Sshd } from '../fixtures/sshd.js';

let sshd: Sshd;
beforeAll(async () => {
  sshd = await startSshd();
});
afterAll(async () => {
  await sshd?.stop();
});

function target(overrides: Record<string, unknown> = {}) {
  return normalizeSshOptions({
    host: sshd.host,
    port: sshd.port,
    user: sshd.user,
    privateKey: sshd.privateKey,
    knownHosts: sshd.knownHosts,
    ...overrides,
  });
}

async function collect(pooled: PooledChannel): Promise<{ stdout: string; stderr: string; code: number | null | undefined }> {
  let stdout = '';
  let stderr = '';
  pooled.channel.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  pooled.channel.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const { code } = await pooled.closed;
  pooled.release();
  return { stdout, stderr, code };
}

async function refusal(pool: ConnectionPool): Promise<unknown> {
  return pool.exec('true').then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('SSH connections', () => {
  it('keeps stdout and stderr apart on an exec channel', async () => {
    const pool = new ConnectionPool(target());
    expect(await collect(await pool.exec('echo out; echo err >&2; exit 3'))).toEqual({
      stdout: 'out\n',
      stderr: 'err\n',
      code: 3,
    });
    pool.close();
  });

  it('multiplexes concurrent channels on few connections, under the cap', async () => {
    const pool = new ConnectionPool(target());
    const runs = Array.from({ length: 20 }, async (_, index) => {
      const result = await collect(await pool.exec(`sleep 0.2; echo ${index}`));
      return result.stdout.trim();
    });
    const peak = setInterval(() => expect(pool.openConnections.length).toBeLessThanOrEqual(POOL_LIMITS.maxConnections), 20);
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 20 }, (_, index) => String(index)));
    clearInterval(peak);
    expect(pool.openConnections.length).toBeLessThanOrEqual(Math.ceil(20 / POOL_LIMITS.channelsPerConnection));
    pool.close();
  });

  it('reconnects after the server drops the connection', async () => {
    const lost: string[] = [];
    const pool = new ConnectionPool(target(), (_connection, why) => lost.push(why));
    const first = await pool.exec('true');
    await collect(first);
    for (const pid of sshd.connectionPids()) process.kill(pid, 'SIGKILL');
    await first.connection.lost;
    expect(lost).toHaveLength(1);
    const second = await pool.exec('echo back');
    expect((await collect(second)).stdout).toBe('back\n');
    expect(second.connection.id).not.toBe(first.connection.id);
    pool.close();
  });

  it('accepts hashed known_hosts entries and a key and known_hosts given by path', async () => {
    const hashed = join(sshd.dir, 'known_hosts_hashed');
    writeFileSync(hashed, sshd.knownHosts);
    execFileSync('ssh-keygen', ['-H', '-f', hashed], { stdio: 'ignore' });
    expect(readFileSync(hashed, 'utf8')).toMatch(/^\|1\|/);
    const pool = new ConnectionPool(target({ knownHosts: hashed, privateKey: sshd.privateKeyPath }));
    expect((await collect(await pool.exec('echo ok'))).stdout).toBe('ok\n');
    pool.close();
  });

  it('refuses a changed host key, naming the fingerprint the server showed', async () => {
    const otherKey = join(sshd.dir, 'other_host');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', otherKey], { stdio: 'ignore' });
    const [type, key] = readFileSync(`${otherKey}.pub`, 'utf8').split(' ');
    const pool = new ConnectionPool(target({ knownHosts: `[127.0.0.1]:${sshd.port} ${type} ${key}\n` }));
    const error = await refusal(pool);
    expect(isTershError(error) && error.code).toBe('SSH_HOST_KEY_CHANGED');
    expect((error as Error).message).toContain(sshd.hostKeyFingerprint);
    expect((error as { details: Record<string, unknown> }).details.fingerprint).toBe(sshd.hostKeyFingerprint);
    pool.close();
  });

  it('refuses a host it does not know, and a revoked key', async () => {
    const unknown = new ConnectionPool(target({ knownHosts: `[127.0.0.1]:1 ${sshd.knownHosts.split(' ').slice(1).join(' ')}` }));
    const error = await refusal(unknown);
    expect(isTershError(error) && error.code).toBe('SSH_HOST_KEY_UNKNOWN');
    expect((error as Error).message).toContain(sshd.hostKeyFingerprint);
    const revoked = new ConnectionPool(target({ knownHosts: `@revoked ${sshd.knownHosts}` }));
    const revokedError = await refusal(revoked);
    expect(isTershError(revokedError) && revokedError.code).toBe('SSH_HOST_KEY_CHANGED');
  });

  it('reports a wrong user key and a closed port as typed errors', async () => {
    const wrongKey = join(sshd.dir, 'wrong_user');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', wrongKey], { stdio: 'ignore' });
    const auth = await refusal(new ConnectionPool(target({ privateKey: wrongKey })));
    expect(isTershError(auth) && auth.code).toBe('SSH_AUTH_FAILED');
    const closed = await refusal(new ConnectionPool(target({ port: 1 })));
    expect(isTershError(closed) && closed.code).toBe('SSH_CONNECT_FAILED');
  });

  it.each([
    [{ host: '' }, /`host`/],
    [{ host: 'a b' }, /`host`/],
    [{ host: 'h', port: 70_000 }, /`port` to be an integer from 1 to 65535/],
    [{ host: 'h', privateKey: 'not a key' }, /`privateKey`/],
    [{ host: 'h', privateKey: '/nonexistent/key' }, /`privateKey`/],
    [{ host: 'h', knownHosts: 42 }, /`knownHosts` to be a string/],
    [{ host: 'h', password: 'x' }, /Unknown option `password`/],
  ])('rejects bad options %j with a TypeError naming the field', (options, message) => {
    expect(() => normalizeSshOptions(options)).toThrow(TypeError);
    expect(() => normalizeSshOptions(options)).toThrow(message);
  });
});
