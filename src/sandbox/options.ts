import { invalid, optionalBoolean, optionalStringArray, readOptionsObject } from '../validate.js';
import { defaultProtectedPaths } from './protected-paths.js';

/**
 * Sandbox options after validation and defaults.
 */
export interface NormalizedSandboxOptions {
  readonly network: boolean;
  readonly writable: readonly string[];
  readonly protect: readonly string[];
  readonly allowUnixSockets: boolean;
}

const keys = ['network', 'writable', 'protect', 'allowUnixSockets'] as const;

/**
 * Validates `sandbox` as given by a caller (possibly untrusted JSON): `true`, `false`, `undefined` or a
 * `RunOptions['sandbox']` object. Returns `undefined` when no sandbox is asked for.
 * @throws TypeError naming the field when the value is malformed.
 */
export function normalizeSandboxOptions(value: unknown, field = 'sandbox'): NormalizedSandboxOptions | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true)
    return Object.freeze({ network: true, writable: Object.freeze([]), protect: Object.freeze([]), allowUnixSockets: false });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(field, 'a boolean or a plain object', value);
  }
  const options = readOptionsObject(field, value, keys);
  const network = optionalBoolean(`${field}.network`, options.network) ?? true;
  const writable = optionalStringArray(`${field}.writable`, options.writable) ?? [];
  writable.forEach((entry, index) => {
    if (entry.length === 0 || entry.includes('\0')) throw invalid(`${field}.writable[${index}]`, 'a non-empty path', entry);
  });
  return Object.freeze({
    network,
    writable: Object.freeze(writable),
    protect: Object.freeze(readProtect(`${field}.protect`, options.protect)),
    allowUnixSockets: optionalBoolean(`${field}.allowUnixSockets`, options.allowUnixSockets) ?? false,
  });
}

function readProtect(field: string, value: unknown): string[] {
  if (value === undefined || value === false) return [];
  if (value === true) return [...defaultProtectedPaths];
  if (!Array.isArray(value)) throw invalid(field, 'a boolean or an array of strings', value);
  const paths = optionalStringArray(field, value) ?? [];
  paths.forEach((entry, index) => {
    if (entry.length === 0 || entry.includes('\0')) throw invalid(`${field}[${index}]`, 'a non-empty path', entry);
  });
  return paths;
}
