import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Where the Docker Engine listens (a unix socket). */
export interface EngineEndpoint {
  socketPath: string;
}

export interface EngineResponse {
  status: number;
  body: unknown;
}

/** One connection pool per executor: a keep-alive agent on the engine's socket. */
export function engineAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 32 });
}

function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.once('error', reject);
  });
}

/** A JSON request to the Engine API; rejects only when the engine cannot be reached. */
export function engineRequest(
  endpoint: EngineEndpoint,
  agent: Agent,
  method: string,
  path: string,
  body?: unknown,
): Promise<EngineResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        socketPath: endpoint.socketPath,
        agent,
        method,
        path,
        headers: {
          Host: 'docker',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        readBody(response).then((text) => {
          let parsed: unknown = text;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            // a plain-text error
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        }, reject);
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

/**
 * Starts an exec and takes over its connection (the Engine API's "hijack"): stdout and stderr come back as
 * multiplexed frames on the socket, stdin goes out raw on it, and half-closing it closes the process's stdin.
 */
export function startHijacked(endpoint: EngineEndpoint, execId: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ Detach: false, Tty: false });
    const req = httpRequest({
      socketPath: endpoint.socketPath,
      method: 'POST',
      path: `/exec/${execId}/start`,
      headers: {
        Host: 'docker',
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(payload),
        Connection: 'Upgrade',
        Upgrade: 'tcp',
      },
    });
    req.once('upgrade', (_response, socket, head) => {
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    req.once('response', (response) => {
      readBody(response).then((text) => reject(new Error(`exec start answered ${response.statusCode}: ${text.trim()}`)), reject);
    });
    req.once('error', reject);
    req.end(payload);
  });
}
