import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// cgroup v2: a run's processes cannot leave their cgroup (setsid, a double fork and `env -i` do not
// change it), `cgroup.kill` kills all of them at once, forks racing the kill included, and `cgroup.freeze`
// stops a respawner between two forks. Only where this process may create cgroups (root, or a delegated one).

const PARENT_PREFIX = 'tersh-';

/** Where this process's own cgroup v2 folder is, if a cgroup2 hierarchy is mounted. */
function ownCgroupFolder(): string | undefined {
  const mounts = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '));
  const mount = mounts.find((fields) => fields[2] === 'cgroup2')?.[1];
  if (!mount) return undefined;
  const own = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('0::'));
  if (own === undefined) return undefined;
  return join(mount, own.slice(3));
}

/** Folders of hosts that died without their watchdog: empty them of run folders and remove them. */
function removeStaleParents(folder: string): void {
  for (const name of readdirSync(folder)) {
    const pid = Number(/^tersh-(\d+)-/.exec(name)?.[1]);
    if (!pid || existsSync(`/proc/${pid}`)) continue;
    const parent = join(folder, name);
    try {
      for (const child of readdirSync(parent, { withFileTypes: true }))
        if (child.isDirectory()) removeCgroup(join(parent, child.name));
      removeCgroup(parent);
    } catch {
      // another host is doing the same
    }
  }
}

/**
 * Creates the cgroup folder under which this host's runs get theirs (`tersh-<pid>-<random>` beside the host's
 * own cgroup), or undefined where cgroup v2 with `cgroup.kill` (Linux 5.14) is not there to use.
 */
export function createCgroupParent(): string | undefined {
  if (process.platform !== 'linux' || process.env.TERSH_CGROUPS === '0') return undefined;
  try {
    const folder = ownCgroupFolder();
    if (!folder) return undefined;
    removeStaleParents(folder);
    const parent = join(folder, `${PARENT_PREFIX}${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
    mkdirSync(parent);
    if (!existsSync(join(parent, 'cgroup.kill')) || !existsSync(join(parent, 'cgroup.freeze'))) {
      removeCgroup(parent);
      return undefined;
    }
    return parent;
  } catch {
    return undefined;
  }
}

/** A new cgroup for one run under the host's parent; undefined when it cannot be made. */
export function createRunCgroup(parent: string, tag: string): string | undefined {
  const path = join(parent, tag);
  try {
    mkdirSync(path);
    return path;
  } catch {
    return undefined;
  }
}

/** Moves `pid` into the cgroup. False when this process is not allowed to (the cgroup is then of no use). */
export function enterCgroup(path: string, pid: number): boolean {
  try {
    writeFileSync(join(path, 'cgroup.procs'), `${pid}\n`);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'; // exited already: it had entered through the wrapper
  }
}

/** How a move into a cgroup went: `gone` when the process had exited, or its cgroup was removed with the run. */
export type CgroupEntry = 'moved' | 'gone' | 'refused';

/**
 * enterCgroup off the event loop: a write to `cgroup.procs` waits for the kernel to migrate the process (5 ms a
 * run measured on a loaded machine), which would otherwise block the host.
 */
export async function enterCgroupAsync(path: string, pid: number): Promise<CgroupEntry> {
  try {
    await writeFile(join(path, 'cgroup.procs'), `${pid}\n`);
    return 'moved';
  } catch (error) {
    // Exited already (it had entered through the wrapper), or the run is over and its cgroup removed.
    const { code } = error as NodeJS.ErrnoException;
    return code === 'ESRCH' || code === 'ENOENT' ? 'gone' : 'refused';
  }
}

/** Pids in the cgroup (zombies are not listed), or [] when it is gone. */
export function cgroupPids(path: string): number[] {
  try {
    return readFileSync(join(path, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
}

/** SIGKILL to every process in the cgroup and its descendants, atomically with respect to forks. */
export function killCgroup(path: string): void {
  try {
    writeFileSync(join(path, 'cgroup.kill'), '1');
  } catch {
    // gone already
  }
}

export function freezeCgroup(path: string, frozen: boolean): void {
  try {
    writeFileSync(join(path, 'cgroup.freeze'), frozen ? '1' : '0');
  } catch {
    // gone already
  }
}

/** Removes an empty cgroup; false while processes remain in it. */
export function removeCgroup(path: string): boolean {
  try {
    rmdirSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
