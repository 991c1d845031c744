import { TershError } from '../errors.js';
import { isRecordStore } from '../store/record-store.js';
import type { RecordStore } from '../store/record-store-types.js';
import { BlockList, isIP } from 'node:net';
import {
  invalid,
  optionalBoolean,
  optionalInteger,
  optionalString,
  optionalStringArray,
  readOptionsObject,
} from '../validate.js';
import { normalizeHostPolicy, type HostPolicy } from './host-policy.js';
import type { WebFetchOptions } from './types.js';
import { DEFAULT_USER_AGENT } from './version.js';

export const WEB_FETCH_DEFAULTS = {
  timeoutMs: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 10,
  /** Seed 002: responses over this many characters are truncated, whatever the budget. */
  maxResultChars: 100_000,
} as const;

export const WEB_FETCH_OPTION_KEYS = [
  'prompt',
  'summarize',
  'policy',
  'allowPrivateAddresses',
  'timeoutMs',
  'maxBytes',
  'maxRedirects',
  'userAgent',
  'budgetTokens',
  'images',
  'store',
  'signal',
] as const;

export interface NormalizedFetchOptions {
  prompt: string | undefined;
  summarize: WebFetchOptions['summarize'];
  hosts: HostPolicy;
  /** True when the address may be reached though private (the guard lifted for it). */
  privateAllowed: (address: string) => boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  budgetTokens: number | undefined;
  images: boolean;
  store: RecordStore | undefined;
  signal: AbortSignal | undefined;
}

export function normalizeWebFetchOptions(options: WebFetchOptions | undefined): NormalizedFetchOptions {
  const raw = readOptionsObject('options', options, WEB_FETCH_OPTION_KEYS);
  if (raw.summarize !== undefined && typeof raw.summarize !== 'function') throw invalid('summarize', 'a function', raw.summarize);
  if (raw.store !== undefined && !isRecordStore(raw.store))
    throw invalid('store', 'a record store from createRecordStore()', raw.store);
  if (raw.signal !== undefined && !(raw.signal instanceof AbortSignal)) throw invalid('signal', 'an AbortSignal', raw.signal);
  const userAgent = optionalString('userAgent', raw.userAgent, { nonEmpty: true, maxLength: 500 });
  if (userAgent !== undefined && /[\r\n]/.test(userAgent)) throw invalid('userAgent', 'a string without line breaks', userAgent);
  return {
    prompt: optionalString('prompt', raw.prompt, { maxLength: 100_000 }),
    summarize: raw.summarize as WebFetchOptions['summarize'],
    hosts: normalizeHostPolicy(raw.policy),
    privateAllowed: readPrivateAllowance(raw.allowPrivateAddresses),
    timeoutMs: optionalInteger('timeoutMs', raw.timeoutMs, { min: 1, max: 600_000 }) ?? WEB_FETCH_DEFAULTS.timeoutMs,
    maxBytes: optionalInteger('maxBytes', raw.maxBytes, { min: 1, max: 1024 ** 3 }) ?? WEB_FETCH_DEFAULTS.maxBytes,
    maxRedirects: optionalInteger('maxRedirects', raw.maxRedirects, { min: 0, max: 10 }) ?? WEB_FETCH_DEFAULTS.maxRedirects,
    userAgent: userAgent ?? DEFAULT_USER_AGENT,
    budgetTokens: optionalInteger('budgetTokens', raw.budgetTokens, { min: 1 }),
    images: optionalBoolean('images', raw.images) ?? false,
    store: raw.store as RecordStore | undefined,
    signal: raw.signal as AbortSignal | undefined,
  };
}

/** The URL as given, parsed; a string that is no absolute URL is misuse. */
export function parseUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.length === 0 || value.length > 8192)
    throw invalid('url', 'an absolute URL of at most 8192 characters', value);
  try {
    return new URL(value);
  } catch {
    throw invalid('url', 'an absolute URL (https://…)', value);
  }
}

export function abortedError(): TershError {
  return new TershError('ABORTED', 'The fetch was canceled');
}

/** `true` lifts the guard, a list of addresses or CIDR ranges (`127.0.0.2`, `10.1.0.0/16`) lifts it for those only. */
function readPrivateAllowance(value: unknown): (address: string) => boolean {
  if (value === undefined || typeof value === 'boolean') {
    const all = optionalBoolean('allowPrivateAddresses', value) ?? false;
    return () => all;
  }
  if (!Array.isArray(value)) throw invalid('allowPrivateAddresses', 'a boolean or an array of addresses and CIDR ranges', value);
  const allowed = new BlockList();
  (optionalStringArray('allowPrivateAddresses', value) ?? []).forEach((entry, index) => {
    const [address, prefix] = entry.trim().split('/') as [string, string | undefined];
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32)) {
      throw invalid(`allowPrivateAddresses[${index}]`, 'an IP address or CIDR range', entry);
    }
    allowed.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  });
  return (address) => allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
