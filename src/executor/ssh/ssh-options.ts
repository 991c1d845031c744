import { existsSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { invalid, optionalInteger, optionalString, readOptionsObject, requiredString } from '../../validate.js';
import { parseKnownHosts, type KnownHostEntry } from './known-hosts.js';

export interface SshTarget {
  host: string;
  port: number;
  user: string;
  privateKey?: string;
  agent?: string;
  knownHosts: KnownHostEntry[];
  /** Where the host keys came from (a path, or `knownHosts`), for error messages. */
  knownHostsSource: string;
}

const OPTION_KEYS = ['host', 'port', 'user', 'privateKey', 'knownHosts'] as const;
const DEFAULT_KEY_FILES = ['id_ed25519', 'id_ecdsa', 'id_rsa'];
const MAX_TEXT = 1_000_000;

function looksLikePath(value: string): boolean {
  return !value.includes('\n') && /^(\/|\.\.?\/|~\/)/.test(value);
}

function expandHome(path: string): string {
  return path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;
}

function readNamedFile(field: string, path: string, what: string): string {
  try {
    return readFileSync(expandHome(path), 'utf8');
  } catch {
    throw invalid(field, `${what} or the path of a readable file`, path);
  }
}

function readPrivateKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (looksLikePath(value)) return readNamedFile('privateKey', value, "a private key's contents");
  if (!/^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(value.trimStart())) {
    throw invalid('privateKey', "a private key's contents (-----BEGIN … PRIVATE KEY-----) or a path", value);
  }
  return value;
}

function defaultKey(): string | undefined {
  for (const name of DEFAULT_KEY_FILES) {
    const path = join(homedir(), '.ssh', name);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return undefined;
}

function readKnownHosts(value: string | undefined): { entries: KnownHostEntry[]; source: string } {
  if (value === undefined) {
    const path = join(homedir(), '.ssh', 'known_hosts');
    return { entries: existsSync(path) ? parseKnownHosts(readFileSync(path, 'utf8')) : [], source: path };
  }
  if (looksLikePath(value))
    return { entries: parseKnownHosts(readNamedFile('knownHosts', value, 'the contents of a known_hosts file')), source: value };
  return { entries: parseKnownHosts(value), source: '`knownHosts`' };
}

/** Validates the caller's options (untrusted JSON included) and reads the key and known hosts they name. */
export function normalizeSshOptions(options: unknown): SshTarget {
  const raw = readOptionsObject('options', options, OPTION_KEYS);
  if (options === undefined) throw invalid('options', 'a plain object', options);
  const host = requiredString('host', raw.host, { nonEmpty: true, maxLength: 255 });
  if (/[\s@/]/.test(host)) throw invalid('host', 'a host name or address', host);
  const port = optionalInteger('port', raw.port, { min: 1, max: 65_535 }) ?? 22;
  const user = optionalString('user', raw.user, { nonEmpty: true, maxLength: 255 }) ?? userInfo().username;
  const keyText = readPrivateKey(optionalString('privateKey', raw.privateKey, { nonEmpty: true, maxLength: MAX_TEXT }));
  const knownHostsValue = optionalString('knownHosts', raw.knownHosts, { maxLength: MAX_TEXT });
  const { entries, source } = readKnownHosts(knownHostsValue);
  const agent = keyText === undefined ? process.env.SSH_AUTH_SOCK : undefined;
  const privateKey = keyText ?? (agent ? undefined : defaultKey());
  return {
    host,
    port,
    user,
    knownHosts: entries,
    knownHostsSource: source,
    ...(privateKey ? { privateKey } : {}),
    ...(agent ? { agent } : {}),
  };
}
