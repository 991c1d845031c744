import { connect as connectTcp, type Socket } from 'node:net';
import type { Client, ClientChannel, ConnectConfig } from 'ssh2';
import { TershError } from '../../errors.js';
import {
  entriesFor,
  fingerprint,
  hostKeyAlgorithms,
  judgeHostKey,
  keyTypeOf,
  knownHostName,
  type HostKeyVerdict,
} from './known-hosts.js';
import type { SshTarget } from './ssh-options.js';

const READY_TIMEOUT_MS = 20_000;
const KEEPALIVE_MS = 5_000;
const KEEPALIVE_COUNT = 3;

/** One authenticated SSH connection; its channels are multiplexed on one TCP socket. */
export interface SshConnection {
  readonly id: number;
  /** Channels open now, and the most it takes (lowered when the server refuses one: its MaxSessions). */
  channels: number;
  capacity: number;
  readonly isOpen: boolean;
  /** Resolves once the connection is gone, with why. */
  readonly lost: Promise<string>;
  exec(command: string): Promise<OpenedChannel>;
  /** Holds the host's event loop open while channels are in use, not when idle. */
  hold(held: boolean): void;
  /** Drops the socket at once (the end of the executor, or a test's cut). */
  destroy(): void;
}

/** ssh2 is an optional peer dependency (4 MB with a native build step): only SSH users install it. */
async function loadClient(): Promise<typeof Client> {
  type Ssh2 = { default?: { Client: typeof Client }; Client?: typeof Client };
  const module = (await import('ssh2').catch((error: unknown) => {
    throw new TershError('EXECUTOR_UNAVAILABLE', 'sshExecutor needs the ssh2 package: npm install ssh2', { cause: error });
  })) as unknown as Ssh2;
  return (module.Client ?? module.default!.Client) as typeof Client;
}

function hostKeyError(target: SshTarget, verdict: HostKeyVerdict, shown: Buffer): TershError {
  const name = knownHostName(target.host, target.port);
  const print = fingerprint(shown);
  const details = {
    host: target.host,
    port: target.port,
    fingerprint: print,
    keyType: keyTypeOf(shown),
    knownHosts: target.knownHostsSource,
  };
  if (verdict === 'unknown') {
    return new TershError(
      'SSH_HOST_KEY_UNKNOWN',
      `Host ${name} is not in ${target.knownHostsSource}; its ${keyTypeOf(shown)} key is ${print}`,
      { details },
    );
  }
  const what = verdict === 'revoked' ? 'a revoked key' : 'a key that differs from the one in';
  return new TershError(
    'SSH_HOST_KEY_CHANGED',
    `Host ${name} showed ${what} ${target.knownHostsSource}: ${keyTypeOf(shown)} ${print}; refusing to connect`,
    {
      details: { ...details, reason: verdict },
    },
  );
}

function connectError(target: SshTarget, error: Error & { level?: string; code?: string }): TershError {
  const name = `${target.user}@${knownHostName(target.host, target.port)}`;
  if (error.level === 'client-authentication') {
    return new TershError(
      'SSH_AUTH_FAILED',
      `SSH authentication as ${name} failed (tried: ${target.privateKey ? 'the private key' : target.agent ? 'the SSH agent' : 'no key'})`,
      {
        cause: error,
        details: { host: target.host, port: target.port, user: target.user },
      },
    );
  }
  return new TershError('SSH_CONNECT_FAILED', `Cannot connect to ${name}: ${error.message}`, {
    cause: error,
    details: { host: target.host, port: target.port, reason: error.code ?? error.level ?? 'error' },
  });
}

/** What sshd said of the command: its exit status, or the signal that killed it; neither when the channel was lost. */
export interface ChannelStatus {
  code?: number | null;
  signal?: string;
}

/** An exec channel, its status as soon as sshd sends it, and its close (once every byte of output is in). */
export interface OpenedChannel {
  channel: ClientChannel;
  /** Resolves at the exit status, or at the close when none came: processes that outlive the command keep the channel open. */
  exited: Promise<ChannelStatus>;
  closed: Promise<ChannelStatus>;
}

function openChannel(client: Client, command: string): Promise<OpenedChannel> {
  return new Promise((resolve, reject) => {
    client.exec(command, (error, channel) => {
      if (error) return reject(error);
      // Listened to at once: a quick command's exit and close can arrive in the same read as the exec's reply,
      // before a promise continuation would run.
      const status: ChannelStatus = {};
      let exit: (status: ChannelStatus) => void = () => undefined;
      const exited = new Promise<ChannelStatus>((settle) => (exit = settle));
      const closed = new Promise<ChannelStatus>((settle) => {
        channel.once('exit', (code: number | null, signal?: string) => {
          Object.assign(status, { code }, signal ? { signal } : {});
          exit(status);
        });
        channel.once('close', () => {
          exit(status);
          settle(status);
        });
      });
      resolve({ channel, exited, closed });
    });
  });
}

/** Connects and authenticates, verifying the host key against the known hosts first. */
export async function openConnection(target: SshTarget, id: number): Promise<SshConnection> {
  const ClientClass = await loadClient();
  const known = entriesFor(target.knownHosts, target.host, target.port);
  const algorithms = hostKeyAlgorithms(known);
  let refusal: TershError | undefined;
  const socket: Socket = connectTcp({ host: target.host, port: target.port });
  const client = new ClientClass();
  const config: ConnectConfig = {
    sock: socket,
    username: target.user,
    readyTimeout: READY_TIMEOUT_MS,
    keepaliveInterval: KEEPALIVE_MS,
    keepaliveCountMax: KEEPALIVE_COUNT,
    hostVerifier: (key: Buffer) => {
      const verdict = judgeHostKey(known, key);
      if (verdict !== 'trusted') refusal = hostKeyError(target, verdict, key);
      return verdict === 'trusted';
    },
    ...(algorithms.length > 0 ? { algorithms: { serverHostKey: algorithms as never } } : {}),
    ...(target.privateKey ? { privateKey: target.privateKey } : {}),
    ...(target.agent ? { agent: target.agent } : {}),
  };
  socket.once('error', () => undefined); // reported through the client
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', (error) => reject(refusal ?? connectError(target, error)));
    client.connect(config);
  }).catch((error: unknown) => {
    client.end();
    socket.destroy();
    throw error;
  });

  let open = true;
  let why = 'the connection closed';
  const lost = new Promise<string>((resolve) => {
    client.on('error', (error) => {
      why = `the connection failed: ${error.message}`;
    });
    client.once('close', () => {
      open = false;
      resolve(why);
    });
  });
  return {
    id,
    channels: 0,
    capacity: Number.POSITIVE_INFINITY,
    get isOpen() {
      return open;
    },
    lost,
    exec: (command) =>
      openChannel(client, command).catch((error: Error) => {
        // The socket is gone before its close event: the pool must not hand this connection out again.
        if (/not connected/i.test(error.message)) open = false;
        throw error;
      }),
    hold: (held) => void (held ? socket.ref() : socket.unref()),
    destroy: () => {
      client.end();
      socket.destroy();
    },
  };
}
