import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget } from './target-check.js';

export interface RequestInit {
  headers: Record<string, string>;
  signal: AbortSignal;
  /** The checked address to connect to; undefined lets the system resolve the name (trusted backends). */
  target?: CheckedTarget;
}

/** One GET, no redirect followed, connected to the checked address while TLS still checks the name. */
export function requestOnce(url: URL, init: RequestInit): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const pinned = init.target;
  const lookup: LookupFunction | undefined = pinned
    ? (_host, options, callback) => {
        if ((options as { all?: boolean }).all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      }
    : undefined;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: 'GET', headers: init.headers, signal: init.signal, agent: false, ...(lookup ? { lookup } : {}) },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}
