// The public entry alone, so that its declaration names no type of the ssh2 client (a consumer need not have its typings).
import type { Executor } from '../types.js';
import { createSshExecutor } from './ssh-executor.js';

/**
 * Runs commands on a host over SSH (the `ssh2` client): host keys verified against known_hosts, connections pooled
 * per executor (channels multiplexed on one connection), reconnected on loss. Pass it to `createShell({ executor })`
 * or `run(command, { executor })`; `close()` ends its connections, and every run still going over there with them.
 * `options` say where and as whom it runs commands.
 */
export function sshExecutor(options: {
  /** The host name or address to connect to. */
  host: string;
  /** The port sshd listens on. @defaultValue 22 */
  port?: number;
  /** The user to log in as. @defaultValue the local user's name */
  user?: string;
  /**
   * The private key: its contents (OpenSSH or PEM), or a path to it (`/…`, `./…`, `~/…`).
   * @defaultValue the SSH agent at `SSH_AUTH_SOCK` when set, else the first of `~/.ssh/id_ed25519`, `id_ecdsa`, `id_rsa`
   */
  privateKey?: string;
  /**
   * The server's host keys: the contents of a known_hosts file, or a path to one. A host it does not name, or a
   * key that differs from the one it names, is refused (`SSH_HOST_KEY_UNKNOWN`, `SSH_HOST_KEY_CHANGED`).
   * @defaultValue `~/.ssh/known_hosts`
   */
  knownHosts?: string;
}): Executor {
  return createSshExecutor(options).executor;
}
