import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TOKEN_BYTES = 16;
/** Tokens drawn from the system's random source at once (one call instead of one a run). */
const TOKENS_PER_DRAW = 64;
/** `<token>:<fd>\n`: 32 hex digits, a colon, one digit (0, 1 or 2), a newline. */
const TAG_LINE_BYTES = TOKEN_BYTES * 2 + 3;
const TAG_LINE = /^([0-9a-f]{32}):([0-2])\n$/;
const MAX_SOCKET_PATH_BYTES = 100; // sun_path holds 108 on Linux, 104 on macOS
const TAG_WAIT_MS = 5_000;

interface Expected {
  fds: Map<number, Socket>;
  wanted: readonly number[];
  resolve: (sockets: Map<number, Socket>) => void;
}

/** The connections awaited for one token. */
export interface ExpectedSockets {
  token: string;
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

  /** A fresh token and its `fds` connections. */
  expect(fds: readonly number[]): ExpectedSockets {
    const token = this.freshToken();
    let entry!: Expected;
    const sockets = new Promise<Map<number, Socket>>((resolve) => {
      entry = { fds: new Map(), wanted: fds, resolve };
      this.expected.set(token, entry);
    });
    return {
      token,
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
      if (!line || !this.claim(socket, line[1]!, Number(line[2]))) socket.destroy();
    };
    // Paused mode until claimed: whoever reads the command's output then calls resume() (or adds 'readable').
    socket.on('readable', onReadable);
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
