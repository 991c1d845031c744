// A real HTTP server on a loopback address serving saved pages, for the web tests (nothing leaves the machine).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import type { Socket } from 'node:net';

export const fixture = (name: string): Buffer => readFileSync(join(process.cwd(), 'test/fixtures/web', name));

export type Route = (req: IncomingMessage, res: ServerResponse, server: TestServer) => void;

export interface TestServer {
  url(path: string): string;
  /** Requests seen, by path, in order. */
  readonly seen: { path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

export async function startServer(routes: Record<string, Route>, host = '127.0.0.1'): Promise<TestServer> {
  const seen: TestServer['seen'] = [];
  const open = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    seen.push({ path: req.url ?? '/', headers: req.headers });
    const route =
      routes[path] ?? Object.entries(routes).find(([key]) => key.endsWith('*') && path.startsWith(key.slice(0, -1)))?.[1];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    route(req, res, self);
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as { port: number }).port;
  const self: TestServer = {
    url: (path) => `http://${host}:${port}${path}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return self;
}

export const html =
  (body: Buffer | string, type = 'text/html; charset=utf-8'): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type }).end(body);
  };

export const compressed =
  (body: Buffer, encoding: 'gzip' | 'br' | 'deflate' | 'deflate-raw'): Route =>
  (_req, res) => {
    const data =
      encoding === 'gzip'
        ? gzipSync(body)
        : encoding === 'br'
          ? brotliCompressSync(body)
          : encoding === 'deflate'
            ? deflateSync(body)
            : deflateRawSync(body);
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': encoding === 'deflate-raw' ? 'deflate' : encoding,
      })
      .end(data);
  };

export const redirect =
  (to: string | ((server: TestServer) => string), code = 302): Route =>
  (_req, res, server) => {
    res.writeHead(code, { location: typeof to === 'string' ? to : to(server) }).end();
  };

/** Streams `chunk` until `totalBytes` are sent or the client goes away. */
export const endless =
  (totalBytes: number, type = 'text/plain; charset=utf-8'): Route =>
  (_req, res) => {
    const line = Buffer.from(`${'lorem ipsum dolor sit amet '.repeat(3).trim()}\n`);
    const chunk = Buffer.concat(Array.from({ length: Math.ceil(65536 / line.length) }, () => line));
    let sent = 0;
    res.writeHead(200, { 'content-type': type });
    const pump = (): void => {
      while (sent < totalBytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  };
