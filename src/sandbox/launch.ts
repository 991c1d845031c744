import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import { bubblewrapArgs, type ConfinementPaths } from './bubblewrap.js';
import { unixSocketFilter } from './seccomp.js';

const seccompFd = 3;

/**
 * The argv that starts bwrap. With the unix-socket filter, `/bin/sh` opens the filter file on fd 3 and
 * execs bwrap in its place (same pid, so group kill and --die-with-parent behave as without it):
 * bwrap only takes a seccomp program from a file descriptor.
 */
export async function bubblewrapLaunch(
  bwrap: string,
  paths: ConfinementPaths,
  command: { file: string; args: string[] },
  options: { allowUnixSockets: boolean; runDir: string; arch?: string | undefined },
): Promise<{ file: string; args: string[]; launchers: string[] }> {
  if (options.allowUnixSockets) return { file: bwrap, args: bubblewrapArgs(paths, command), launchers: [bwrap] };
  const filter = unixSocketFilter(options.arch);
  if (filter === undefined) {
    throw new TershError(
      'SANDBOX_UNAVAILABLE',
      `Cannot run sandboxed: tersh has no seccomp filter for unix sockets on ${options.arch ?? process.arch}, and without one the command could reach host services such as /run/docker.sock. Pass \`allowUnixSockets: true\` to accept that.`,
      { details: { arch: options.arch ?? process.arch } },
    );
  }
  const filterFile = join(options.runDir, 'seccomp.bpf');
  await writeFile(filterFile, filter, { mode: 0o600 });
  const args = bubblewrapArgs(paths, command, { fd: seccompFd });
  return {
    file: '/bin/sh',
    args: ['-c', `exec "$@" ${seccompFd}<"$0"`, filterFile, bwrap, ...args],
    launchers: ['/bin/sh', bwrap],
  };
}
