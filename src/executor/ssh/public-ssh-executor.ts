// The public entry alone, so that its declaration names no type of the ssh2 client (a consumer need not have its typings).
import type { Executor } from '../types.js';
import type { SshExecutorOptions } from './ssh-options.js';
import { createSshExecutor } from './ssh-executor.js';

/**
 * Runs commands on a host over SSH (the `ssh2` client): host keys verified against known_hosts, connections pooled
 * per executor (channels multiplexed on one connection), reconnected on loss. Pass it to `createShell({ executor })`
 * or `run(command, { executor })`; `close()` ends its connections, and every run still going over there with them.
 */
export function sshExecutor(options: SshExecutorOptions): Executor {
  return createSshExecutor(options).executor;
}
