import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { HostPolicy } from './host-policy.js';

/** Where to connect, after every check passed: the address the name resolved to, pinned for the connection. */
export interface CheckedTarget {
  address: string;
  family: 4 | 6;
}

export type TargetCheck = CheckedTarget | { blocked: string } | { error: string };

export interface TargetRules {
  hosts: HostPolicy;
  privateAllowed: (address: string) => boolean;
  isPrivate: (address: string) => boolean;
}

/**
 * Checks one URL before any byte is sent to it: the scheme, the host policy, then every address the
 * name resolves to. The connection goes to the address checked here, so a name that resolves
 * differently a moment later (DNS rebinding) cannot move it.
 */
export async function checkTarget(url: URL, rules: TargetRules, signal: AbortSignal): Promise<TargetCheck> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { blocked: `only http: and https: URLs are fetched, not ${url.protocol}` };
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const refused = rules.hosts.refuse(hostname);
  if (refused) return { blocked: refused };
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await raceAbort(lookup(hostname, { all: true, verbatim: true }), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return { error: `could not resolve ${hostname}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
    }
  }
  if (addresses.length === 0) return { error: `could not resolve ${hostname}: no address` };
  const inside = addresses.find(({ address }) => rules.isPrivate(address) && !rules.privateAllowed(address));
  if (inside) {
    const what = inside.address === hostname ? hostname : `${hostname} resolves to ${inside.address}, which`;
    return { blocked: `${what} is a private, loopback or link-local address (allowPrivateAddresses lifts this guard)` };
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
