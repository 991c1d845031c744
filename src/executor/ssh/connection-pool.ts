import type { ClientChannel } from 'ssh2';
import { TershError } from '../../errors.js';
import { openConnection, type OpenedChannel, type SshConnection } from './ssh-connection.js';
import type { SshTarget } from './ssh-options.js';

/** How many connections one executor opens to its host, and channels per connection (below sshd's MaxSessions 10). */
export const POOL_LIMITS = { maxConnections: 4, channelsPerConnection: 8 } as const;

/** An open exec channel and the connection it rides on; `release()` once the channel has closed. */
export interface PooledChannel extends OpenedChannel {
  channel: ClientChannel;
  connection: SshConnection;
  release(): void;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The connections of one executor: channels are multiplexed on as few connections as the cap allows,
 * a lost connection leaves the pool and the next channel opens a new one.
 */
export class ConnectionPool {
  private readonly connections: SshConnection[] = [];
  private connecting = false;
  private closed = false;
  private nextId = 1;
  private readonly waiters: Waiter[] = [];

  constructor(
    private readonly target: SshTarget,
    private readonly onLost: (connection: SshConnection, why: string) => void = () => undefined,
  ) {}

  /** Connections open now (for tests and the bench). */
  get openConnections(): readonly SshConnection[] {
    return this.connections.filter((connection) => connection.isOpen);
  }

  /**
   * Opens an exec channel running `command` on a pooled connection, connecting first when none has room;
   * `beforeOpen` runs once a connection is chosen, before the channel is asked for on it.
   */
  async exec(command: string, beforeOpen?: (connection: SshConnection) => Promise<void>): Promise<PooledChannel> {
    for (;;) {
      const connection = await this.acquire();
      let opened: OpenedChannel;
      try {
        await beforeOpen?.(connection);
        opened = await connection.exec(command);
      } catch (error) {
        this.releaseSlot(connection);
        // The server takes fewer sessions per connection than the cap (its MaxSessions): remember, try elsewhere.
        if (connection.isOpen && /open failed/i.test(String((error as Error).message))) {
          connection.capacity = Math.max(1, connection.channels);
          continue;
        }
        if (!connection.isOpen) continue;
        throw error;
      }
      let released = false;
      return {
        ...opened,
        connection,
        release: () => {
          if (released) return;
          released = true;
          this.releaseSlot(connection);
        },
      };
    }
  }

  /** Ends every connection; channels still open end with them. */
  close(): void {
    this.closed = true;
    for (const connection of this.connections) connection.destroy();
    this.connections.length = 0;
    this.wakeAll(new TershError('EXECUTOR_CLOSED', 'The SSH executor was closed'));
  }

  private async acquire(): Promise<SshConnection> {
    for (;;) {
      if (this.closed) throw new TershError('EXECUTOR_CLOSED', 'The SSH executor was closed');
      const free = this.connections.find(
        (connection) =>
          connection.isOpen && connection.channels < Math.min(connection.capacity, POOL_LIMITS.channelsPerConnection),
      );
      if (free) {
        free.channels += 1;
        free.hold(true);
        return free;
      }
      if (!this.connecting && this.openConnections.length < POOL_LIMITS.maxConnections) {
        await this.connectOne();
        continue;
      }
      await new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    }
  }

  private async connectOne(): Promise<void> {
    this.connecting = true;
    try {
      const connection = await openConnection(this.target, this.nextId++);
      if (this.closed) {
        connection.destroy();
        return;
      }
      connection.hold(false);
      this.connections.push(connection);
      void connection.lost.then((why) => {
        const index = this.connections.indexOf(connection);
        if (index >= 0) this.connections.splice(index, 1);
        this.onLost(connection, why);
        this.wakeAll();
      });
      this.connecting = false;
      this.wakeAll();
    } catch (error) {
      this.connecting = false;
      this.wakeAll(error);
      throw error;
    }
  }

  private releaseSlot(connection: SshConnection): void {
    connection.channels = Math.max(0, connection.channels - 1);
    if (connection.channels === 0) connection.hold(false);
    this.waiters.shift()?.resolve();
  }

  private wakeAll(error?: unknown): void {
    for (const waiter of this.waiters.splice(0)) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }
}
