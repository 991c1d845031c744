import { createHash, createHmac } from 'node:crypto';

/** One key line of a known_hosts file. */
export interface KnownHostEntry {
  patterns: string[];
  /** `|1|salt|hash` entries: the salt and hash, base64. */
  hashed?: { salt: string; hash: string };
  keyType: string;
  /** The key blob, base64, as in the file. */
  key: string;
  revoked: boolean;
}

// The host key algorithms a known key type can be offered under.
const ALGORITHMS_BY_KEY_TYPE: Readonly<Record<string, readonly string[]>> = {
  'ssh-ed25519': ['ssh-ed25519'],
  'ssh-rsa': ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
  'ecdsa-sha2-nistp256': ['ecdsa-sha2-nistp256'],
  'ecdsa-sha2-nistp384': ['ecdsa-sha2-nistp384'],
  'ecdsa-sha2-nistp521': ['ecdsa-sha2-nistp521'],
  'ssh-dss': ['ssh-dss'],
};

/** Parses known_hosts text; comments, blank lines, `@cert-authority` lines and unknown key types are skipped. */
export function parseKnownHosts(text: string): KnownHostEntry[] {
  const entries: KnownHostEntry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    let revoked = false;
    if (fields[0]!.startsWith('@')) {
      const marker = fields.shift();
      if (marker !== '@revoked') continue;
      revoked = true;
    }
    const [hosts, keyType, key] = fields;
    if (!hosts || !keyType || !key || !(keyType in ALGORITHMS_BY_KEY_TYPE)) continue;
    const hashed = /^\|1\|([^|]+)\|([^|]+)$/.exec(hosts);
    entries.push(
      hashed
        ? { patterns: [], hashed: { salt: hashed[1]!, hash: hashed[2]! }, keyType, key, revoked }
        : { patterns: hosts.split(','), keyType, key, revoked },
    );
  }
  return entries;
}

/** The name known_hosts uses for a host and port: `host` on 22, `[host]:port` otherwise. */
export function knownHostName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

function globMatches(pattern: string, name: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 'i').test(name);
}

function entryMatches(entry: KnownHostEntry, name: string): boolean {
  if (entry.hashed) {
    const digest = createHmac('sha1', Buffer.from(entry.hashed.salt, 'base64')).update(name).digest('base64');
    return digest === entry.hashed.hash;
  }
  let matched = false;
  for (const pattern of entry.patterns) {
    if (pattern.startsWith('!')) {
      if (globMatches(pattern.slice(1), name)) return false;
    } else if (globMatches(pattern, name)) matched = true;
  }
  return matched;
}

/** The entries that name this host and port. */
export function entriesFor(entries: readonly KnownHostEntry[], host: string, port: number): KnownHostEntry[] {
  const name = knownHostName(host, port);
  return entries.filter((entry) => entryMatches(entry, name));
}

/** The host key algorithms to ask the server for: those of the keys known for it, so that a known key is what it offers. */
export function hostKeyAlgorithms(known: readonly KnownHostEntry[]): string[] {
  const algorithms = new Set<string>();
  for (const entry of known) if (!entry.revoked) for (const name of ALGORITHMS_BY_KEY_TYPE[entry.keyType]!) algorithms.add(name);
  return [...algorithms];
}

/** `SHA256:…` as `ssh-keygen -l` prints it. */
export function fingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** The key type named at the start of an SSH public key blob. */
export function keyTypeOf(keyBlob: Buffer): string {
  if (keyBlob.length < 4) return 'unknown';
  const length = keyBlob.readUInt32BE(0);
  return keyBlob.subarray(4, 4 + length).toString('latin1');
}

export type HostKeyVerdict = 'trusted' | 'revoked' | 'changed' | 'unknown';

/** Whether the key the server showed is one known for it. */
export function judgeHostKey(known: readonly KnownHostEntry[], keyBlob: Buffer): HostKeyVerdict {
  const shown = keyBlob.toString('base64');
  if (known.some((entry) => entry.revoked && entry.key === shown)) return 'revoked';
  if (known.some((entry) => !entry.revoked && entry.key === shown)) return 'trusted';
  return known.some((entry) => !entry.revoked) ? 'changed' : 'unknown';
}
