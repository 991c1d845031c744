import { invalid, optionalBoolean, optionalStringArray, readOptionsObject } from '../validate.js';
import { defaultProtectedPaths } from './protected-paths.js';

/**
 * Confinement for one run. `true` means `{}`: writes only inside the working directory and a private
 * temp dir, network allowed, nothing hidden.
 */
export interface SandboxOptions {
  /**
   * Whether the command may use the network. `false` gives it a private network namespace with only
   * its own loopback, so even `127.0.0.1` services on the host are out of reach.
   * @defaultValue true
   */
  network?: boolean;
  /**
   * Extra directories (or files) the command may write, besides the working directory and its temp dir.
   * `~` expands to the home directory; paths are canonicalised with realpath. Missing ones are skipped.
   * @defaultValue []
   */
  writable?: string[];
  /**
   * Paths the command must not read, hidden behind empty mounts. `true` hides {@link defaultProtectedPaths}
   * (~/.ssh, ~/.aws, ~/.gnupg, cloud credentials, `.env` files in the working directory…); an array hides
   * exactly those paths (`~` expands; relative entries are globs matched inside the working directory).
   * @defaultValue false
   */
  protect?: boolean | string[];
  /**
   * Whether the command may create unix-domain sockets. Off, `socket(AF_UNIX)` fails with EPERM (Linux,
   * via seccomp): a mount or network namespace does not stop a connect to `/run/docker.sock` or systemd's
   * socket, which would let the command act outside the sandbox. `socketpair()` keeps working either way.
   * Turn on for test suites that serve on a unix socket. Not enforced on macOS.
   * @defaultValue false
   */
  allowUnixSockets?: boolean;
}

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
 * {@link SandboxOptions} object. Returns `undefined` when no sandbox is asked for.
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
