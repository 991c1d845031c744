import { Writable } from 'node:stream';
import { constants } from 'node:os';
import type { ClientChannel } from 'ssh2';
import { RUN_TAG_VARIABLE } from '../../process/child-env.js';
import { SessionWatchdog, watchdogArgv } from '../session-watchdog.js';
import type { RunWatch, TargetChannel, TargetExecOptions, TargetOpenOptions, TargetOutput, TargetTransport } from '../types.js';
import { ConnectionPool, type PooledChannel } from './connection-pool.js';
import { knownHostName } from './known-hosts.js';
import type { SshConnection } from './ssh-connection.js';
import type { SshTarget } from './ssh-options.js';

const EXEC_TIMEOUT_MS = 30_000;
const MAX_EXEC_OUTPUT_BYTES = 64 * 1024 * 1024;

/** One argument for the login shell sshd runs the command string under (sh, dash, bash, zsh). */
export function quoteArgument(argument: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(argv: readonly string[]): string {
  return argv.map(quoteArgument).join(' ');
}

function statusOf(code: number | null | undefined, signal: string | undefined): number | null {
  if (typeof code === 'number') return code;
  const number = signal ? constants.signals[`SIG${signal}` as NodeJS.Signals] : undefined;
  return number === undefined ? null : 128 + number;
}

/**
 * The status sshd reports (at once: processes the command left behind may hold the channel open until they are
 * killed), or `lost` when the channel closes without one (the connection dropped).
 */
async function channelExit(
  pooled: PooledChannel,
  name: string,
  until: 'exited' | 'closed',
): Promise<{ code: number | null; lost?: string }> {
  void pooled.closed.then(() => pooled.release());
  const { code, signal } = await pooled[until];
  if (code !== undefined || signal !== undefined) return { code: statusOf(code, signal) };
  await pooled.closed;
  const why = pooled.connection.isOpen ? 'the channel closed without an exit status' : `the connection to ${name} was lost`;
  return { code: null, lost: why };
}

/** The channel's write side alone, so that the caller's `destroy()` of stdin does not tear down stdout too. */
function stdinOf(channel: ClientChannel): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (channel.writable) channel.write(chunk, callback);
      else callback();
    },
    final(callback) {
      if (channel.writable) channel.end();
      callback();
    },
    destroy(error, callback) {
      if (channel.writable) channel.end();
      callback(error);
    },
  });
}

/** Reaches a host over SSH: each `open` and `exec` is one exec channel on the executor's pooled connections. */
export class SshTransport implements TargetTransport {
  readonly name: string;
  readonly pool: ConnectionPool;
  private readonly watchdogs = new WeakMap<SshConnection, SessionWatchdog>();

  constructor(target: SshTarget) {
    this.name = `ssh:${target.user}@${knownHostName(target.host, target.port)}`;
    this.pool = new ConnectionPool(target);
  }

  /**
   * The session watchdog of one connection: a channel outside the pool's count (sshd's MaxSessions 10 leaves
   * room for it beside 8) whose end, when the connection goes, kills the runs of that connection only.
   */
  private watchdogFor(connection: SshConnection): SessionWatchdog {
    let watchdog = this.watchdogs.get(connection);
    if (!watchdog) {
      watchdog = new SessionWatchdog(async () => {
        const { channel, closed } = await connection.exec(commandLine(watchdogArgv(RUN_TAG_VARIABLE)));
        return {
          stdout: channel,
          stderr: channel.stderr,
          stdin: stdinOf(channel),
          exit: closed.then(() => ({ code: null, lost: 'the watchdog ended' })),
          close: () => channel.close(),
        };
      });
      this.watchdogs.set(connection, watchdog);
    }
    return watchdog;
  }

  async open(argv: readonly string[], options: TargetOpenOptions = {}): Promise<TargetChannel> {
    let watch: RunWatch | undefined;
    const listed = async (connection: SshConnection): Promise<void> => {
      watch?.end();
      if (options.watchTag !== undefined) watch = await this.watchdogFor(connection).watch(options.watchTag);
    };
    let pooled: PooledChannel;
    try {
      pooled = await this.pool.exec(commandLine(argv), listed);
    } catch (error) {
      watch?.end();
      throw error;
    }
    const { channel } = pooled;
    const exit = channelExit(pooled, this.name, 'exited');
    const stdin = stdinOf(channel);
    stdin.on('error', () => undefined);
    return {
      stdout: channel,
      stderr: channel.stderr,
      stdin,
      exit,
      close: () => {
        channel.close();
        channel.destroy();
      },
      ...(watch ? { watch } : {}),
    };
  }

  /** Runs `argv` to its end; `code: null` when the host cannot be reached. */
  async exec(argv: readonly string[], options: TargetExecOptions = {}): Promise<TargetOutput> {
    try {
      return await this.execReachable(argv, options);
    } catch (error) {
      return { code: null, stdout: Buffer.alloc(0), stderr: (error as Error).message };
    }
  }

  /** As `exec`, but a host that cannot be reached rejects with why (a changed host key, a failed login…). */
  async execReachable(argv: readonly string[], options: TargetExecOptions = {}): Promise<TargetOutput> {
    const pooled = await this.pool.exec(commandLine(argv));
    const { channel } = pooled;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    channel.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_EXEC_OUTPUT_BYTES) out.push(chunk);
    });
    channel.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const exit = channelExit(pooled, this.name, 'closed');
    channel.end(options.input ?? '');
    const timer = setTimeout(() => channel.close(), options.timeoutMs ?? EXEC_TIMEOUT_MS);
    const { code, lost } = await exit;
    clearTimeout(timer);
    const stderr = Buffer.concat(err).toString('utf8');
    return { code, stdout: Buffer.concat(out), stderr: lost && stderr === '' ? lost : stderr };
  }

  async close(): Promise<void> {
    this.pool.close();
  }
}
