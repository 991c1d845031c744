import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAX_TAG_BYTES = 64;
const MAX_SOCKET_PATH_BYTES = 100; // sun_path holds 108 on Linux, 104 on macOS
const TAG_WAIT_MS = 5_000;

interface Expected {
  fds: Map<number, Socket>;
  count: number;
  resolve: (sockets: Map<number, Socket>) => void;
}

/**
 * A unix socket server in a private folder (mkdtemp: mode 0700, so only this user reaches it) that the
 * warm spawner's helper connects each command's descriptors to. A connection is kept only when its first
 * line is `<token>:<fd>` for a token the host is waiting on (128 random bits, used once); any other is closed.
 */
export class SocketFolder {
  private readonly expected = new Map<string, Expected>();

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

  /** A fresh token and the promise of its `fds` connections, paused, in fd order. */
  expect(fds: readonly number[]): { token: string; sockets: Promise<Map<number, Socket>>; cancel: () => void } {
    const token = randomBytes(16).toString('hex');
    const sockets = new Promise<Map<number, Socket>>((resolve) =>
      this.expected.set(token, { fds: new Map(), count: fds.length, resolve }),
    );
    const cancel = (): void => {
      const waiting = this.expected.get(token);
      this.expected.delete(token);
      for (const socket of waiting?.fds.values() ?? []) socket.destroy();
    };
    return { token, sockets, cancel };
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
    let head = Buffer.alloc(0);
    const onReadable = (): void => {
      for (let chunk = socket.read() as Buffer | null; chunk !== null; chunk = socket.read() as Buffer | null) {
        head = Buffer.concat([head, chunk]);
        const newline = head.indexOf(10);
        if (newline === -1 && head.length <= MAX_TAG_BYTES) continue;
        socket.off('readable', onReadable);
        clearTimeout(timer);
        if (newline === -1 || !this.claim(socket, head.subarray(0, newline).toString('latin1'))) {
          socket.destroy();
          return;
        }
        if (newline + 1 < head.length) socket.unshift(head.subarray(newline + 1));
        return;
      }
    };
    // Paused mode until claimed: whoever reads the command's output then calls resume() (or adds 'readable').
    socket.on('readable', onReadable);
  }

  private claim(socket: Socket, line: string): boolean {
    const [token, fdText] = line.split(':');
    const waiting = this.expected.get(token ?? '');
    const fd = Number(fdText);
    if (!waiting || !Number.isInteger(fd) || waiting.fds.has(fd)) return false;
    waiting.fds.set(fd, socket);
    if (waiting.fds.size === waiting.count) {
      this.expected.delete(token!);
      waiting.resolve(waiting.fds);
    }
    return true;
  }
}
