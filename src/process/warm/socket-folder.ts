import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartMessage } from './protocol.js';

const TOKEN_BYTES = 16;
/** Tokens drawn from the system's random source at once (one call instead of one a run). */
const TOKENS_PER_DRAW = 64;
/** `<token>:<fd>\n`: 32 hex digits, a colon, one digit (0, 1 or 2) or `s` (a spare), a newline. */
const TAG_LINE_BYTES = TOKEN_BYTES * 2 + 3;
const TAG_LINE = /^([0-9a-f]{32}):([0-2s])\n$/;
/**
 * Spare connections, made ahead of the runs that take them: a run's start then waits for no connect (the helper's two
 * took 57–70 µs of its critical path, median, more under load), and the helper makes several in one turn (one wake
 * of the host for all). Asked for again once fewer than SPARES_LOW are left; 8 at a time, since the host accepts a
 * batch in one turn of its loop (~60 µs a connection), and a longer turn shows in the loop's p99 delay.
 */
const SPARES_LOW = 8;
const SPARES_BATCH = 8;
const MAX_SOCKET_PATH_BYTES = 100; // sun_path holds 108 on Linux, 104 on macOS
const TAG_WAIT_MS = 5_000;

interface Expected {
  fds: Map<number, Socket>;
  wanted: readonly number[];
  resolve: (sockets: Map<number, Socket>) => void;
}

/** What the helper is told of a run's sockets: a fresh token to connect each fd with, or the spares it holds, in fd order. */
export type SocketsWire = Pick<StartMessage, 'token' | 'spares'>;

/** The connections awaited for one run. */
export interface ExpectedSockets {
  wire: SocketsWire;
  /** Resolves once every fd has connected, paused, in fd order. */
  sockets: Promise<Map<number, Socket>>;
  /** The same sockets, once all have connected; undefined before. */
  arrived(): Map<number, Socket> | undefined;
  cancel(): void;
}

/**
 * A unix socket server in a private folder (mkdtemp: mode 0700, so only this user reaches it) that the
 * warm spawner's helper connects each command's descriptors to. A connection is kept only when its first
 * line is `<token>:<fd>` for a token the host is waiting on (128 random bits, used once); any other is closed.
 */
export class SocketFolder {
  private readonly expected = new Map<string, Expected>();
  /** Spares asked for that have not arrived, and those arrived and not taken (oldest first). */
  private readonly spareTokens = new Map<string, number>(); // the time each was asked for
  private readonly spares = new Map<string, Socket>();
  private randomPool = Buffer.alloc(0);
  private randomOffset = 0;

  private constructor(
    readonly folder: string,
    readonly path: string,
    private readonly server: Server,
  ) {
    server.on('connection', (socket) => this.accept(socket));
  }

  static async open(): Promise<SocketFolder> {
    const parent = join(tmpdir(), 'x').length + 40 < MAX_SOCKET_PATH_BYTES ? tmpdir() : '/tmp';
    const folder = mkdtempSync(join(parent, 'tersh-warm-'));
    const path = join(folder, 's');
    const server = createServer({ pauseOnConnect: true });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(path, () => resolve());
      });
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
    server.unref();
    return new SocketFolder(folder, path, server);
  }

  /** Spares for `fds` where enough have arrived, else a fresh token and its `fds` connections. */
  expect(fds: readonly number[]): ExpectedSockets {
    return this.takeSpares(fds) ?? this.expectFresh(fds);
  }

  /** Tokens of new spares for the helper to connect when few are left; undefined otherwise. */
  sparesWanted(): string[] | undefined {
    const now = Date.now();
    // One the helper could not connect (out of descriptors, say) never comes: it stops counting.
    for (const [token, askedAt] of this.spareTokens) if (now - askedAt > TAG_WAIT_MS) this.spareTokens.delete(token);
    if (this.spareTokens.size + this.spares.size >= SPARES_LOW) return undefined;
    const tokens = Array.from({ length: SPARES_BATCH }, () => this.freshToken());
    for (const token of tokens) this.spareTokens.set(token, now);
    return tokens;
  }

  private takeSpares(fds: readonly number[]): ExpectedSockets | undefined {
    if (this.spares.size < fds.length) return undefined;
    const tokens: string[] = [];
    const sockets = new Map<number, Socket>();
    for (const [token, socket] of this.spares) {
      if (tokens.length === fds.length) break;
      this.spares.delete(token);
      sockets.set(fds[tokens.length]!, socket.ref());
      tokens.push(token);
    }
    return {
      wire: { spares: tokens },
      sockets: Promise.resolve(sockets),
      arrived: () => sockets,
      cancel: () => sockets.forEach((socket) => socket.destroy()),
    };
  }

  private expectFresh(fds: readonly number[]): ExpectedSockets {
    const token = this.freshToken();
    let entry!: Expected;
    const sockets = new Promise<Map<number, Socket>>((resolve) => {
      entry = { fds: new Map(), wanted: fds, resolve };
      this.expected.set(token, entry);
    });
    return {
      wire: { token },
      sockets,
      arrived: () => (entry.fds.size === entry.wanted.length ? entry.fds : undefined),
      cancel: () => {
        const waiting = this.expected.get(token);
        this.expected.delete(token);
        for (const socket of waiting?.fds.values() ?? []) socket.destroy();
      },
    };
  }

  private freshToken(): string {
    if (this.randomOffset >= this.randomPool.length) {
      this.randomPool = randomBytes(TOKEN_BYTES * TOKENS_PER_DRAW);
      this.randomOffset = 0;
    }
    const token = this.randomPool.toString('hex', this.randomOffset, this.randomOffset + TOKEN_BYTES);
    this.randomPool.fill(0, this.randomOffset, this.randomOffset + TOKEN_BYTES); // a used token is not kept
    this.randomOffset += TOKEN_BYTES;
    return token;
  }

  close(): void {
    for (const waiting of this.expected.values()) for (const socket of waiting.fds.values()) socket.destroy();
    this.expected.clear();
    for (const socket of this.spares.values()) socket.destroy();
    this.spares.clear();
    this.spareTokens.clear();
    this.server.close();
    rmSync(this.folder, { recursive: true, force: true });
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    const timer = setTimeout(() => socket.destroy(), TAG_WAIT_MS).unref();
    // Exactly the tag line's bytes: a read that drained the socket to its end would emit 'end' (and 'close')
    // before the caller attaches, unlike a child's pipe, which ends only when read.
    const onReadable = (): void => {
      const head = socket.read(TAG_LINE_BYTES) as Buffer | null;
      if (head === null) return;
      socket.off('readable', onReadable);
      clearTimeout(timer);
      const line = TAG_LINE.exec(head.toString('latin1'));
      const claimed =
        line && (line[2] === 's' ? this.claimSpare(socket, line[1]!) : this.claim(socket, line[1]!, Number(line[2])));
      if (!claimed) socket.destroy();
    };
    // Paused mode until claimed: whoever reads the command's output then calls resume() (or adds 'readable').
    socket.on('readable', onReadable);
  }

  /** An idle spare does not keep the host's process alive (a run that takes it does). */
  private claimSpare(socket: Socket, token: string): boolean {
    if (!this.spareTokens.delete(token)) return false;
    this.spares.set(token, socket.unref());
    return true;
  }

  private claim(socket: Socket, token: string, fd: number): boolean {
    const waiting = this.expected.get(token);
    if (!waiting || !waiting.wanted.includes(fd) || waiting.fds.has(fd)) return false;
    waiting.fds.set(fd, socket);
    if (waiting.fds.size === waiting.wanted.length) {
      this.expected.delete(token);
      waiting.resolve(waiting.fds);
    }
    return true;
  }
}
