// Node (libuv) passes every descriptor the host holds without close-on-exec to the child, and `'ignore'` in
// `stdio` leaves descriptors >= 3 alone: a host started as `node app.mjs 20>>file` would let any command
// write into that file. The host finds those descriptors itself (cheap: one /proc read per open fd) and,
// only when there are some, starts the command through a shell that closes them and `exec`s it (same pid).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { TershError } from '../errors.js';

const closeOnExec = 0o2000000; // O_CLOEXEC in /proc/<pid>/fdinfo flags (octal)
const bashLocations = ['/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash', '/opt/homebrew/bin/bash'];

/** Descriptors >= 3 of this process that an exec would hand on, ascending. */
export function inheritableFds(platform: NodeJS.Platform = process.platform): number[] {
  if (platform === 'linux') return linuxInheritable();
  // macOS offers no per-descriptor flags to a script: treat every open descriptor >= 3 as inheritable.
  if (platform === 'darwin') return openFds('/dev/fd');
  return [];
}

function openFds(folder: string): number[] {
  try {
    return readdirSync(folder)
      .map(Number)
      .filter((fd) => Number.isInteger(fd) && fd >= 3)
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
}

function linuxInheritable(): number[] {
  return openFds('/proc/self/fdinfo').filter((fd) => {
    let info: string;
    try {
      info = readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1');
    } catch {
      return false; // closed meanwhile (the listing's own descriptor)
    }
    const flags = /^flags:\s*([0-7]+)/m.exec(info)?.[1];
    return flags !== undefined && (parseInt(flags, 8) & closeOnExec) === 0;
  });
}

/**
 * `command` as it must be spawned so that none of `fds` reaches it: itself when there are none, else through
 * `/bin/sh` (which can close 3–9 only) or bash. Throws `SPAWN_FAILED` when a descriptor above 9 is open and
 * no bash exists to close it.
 */
export function closingInheritedFds(
  command: { file: string; args: readonly string[] },
  fds: readonly number[],
): { file: string; args: string[] } {
  if (fds.length === 0) return { file: command.file, args: [...command.args] };
  const closer = fds.every((fd) => fd <= 9) ? '/bin/sh' : bashLocations.find((path) => existsSync(path));
  if (closer === undefined) {
    throw new TershError(
      'SPAWN_FAILED',
      `The host holds file descriptors ${fds.join(', ')} open without close-on-exec, and no bash was found to close them before the command runs (/bin/sh closes 3-9 only). Open them with close-on-exec, or install bash.`,
      { details: { fds: [...fds] } },
    );
  }
  const closes = fds.map((fd) => `${fd}>&-`).join(' ');
  // POSIX mode: bash reads no startup file, so a BASH_ENV meant for the command (the session trap) waits for it.
  const mode = closer === '/bin/sh' ? [] : ['--posix'];
  return { file: closer, args: [...mode, '-c', `exec "$@" ${closes}`, 'tersh-close-fds', command.file, ...command.args] };
}
