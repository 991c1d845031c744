/**
 * What a system call means for the summary, and where its arguments are. Indexes count from 0;
 * `dir` is the directory-fd argument of an `*at` call (AT_FDCWD or an fd annotated by `-y`).
 */
export interface SyscallShape {
  kind: 'open' | 'create' | 'delete' | 'rename' | 'link' | 'write' | 'probe' | 'chdir' | 'fchdir' | 'exec' | 'fork' | 'connect';
  path?: number;
  dir?: number;
  flags?: number;
  /** For rename and link: the second path and its directory fd. */
  target?: number;
  targetDir?: number;
}

export const syscallShapes: Readonly<Record<string, SyscallShape>> = {
  open: { kind: 'open', path: 0, flags: 1 },
  openat: { kind: 'open', dir: 0, path: 1, flags: 2 },
  openat2: { kind: 'open', dir: 0, path: 1, flags: 2 },
  creat: { kind: 'open', path: 0 },
  truncate: { kind: 'write', path: 0 },
  mkdir: { kind: 'create', path: 0 },
  mkdirat: { kind: 'create', dir: 0, path: 1 },
  mknod: { kind: 'create', path: 0 },
  mknodat: { kind: 'create', dir: 0, path: 1 },
  symlink: { kind: 'create', path: 1 },
  symlinkat: { kind: 'create', dir: 1, path: 2 },
  link: { kind: 'link', path: 0, target: 1 },
  linkat: { kind: 'link', dir: 0, path: 1, targetDir: 2, target: 3 },
  unlink: { kind: 'delete', path: 0 },
  unlinkat: { kind: 'delete', dir: 0, path: 1 },
  rmdir: { kind: 'delete', path: 0 },
  rename: { kind: 'rename', path: 0, target: 1 },
  renameat: { kind: 'rename', dir: 0, path: 1, targetDir: 2, target: 3 },
  renameat2: { kind: 'rename', dir: 0, path: 1, targetDir: 2, target: 3 },
  stat: { kind: 'probe', path: 0 },
  lstat: { kind: 'probe', path: 0 },
  newfstatat: { kind: 'probe', dir: 0, path: 1 },
  fstatat64: { kind: 'probe', dir: 0, path: 1 },
  statx: { kind: 'probe', dir: 0, path: 1 },
  access: { kind: 'probe', path: 0 },
  faccessat: { kind: 'probe', dir: 0, path: 1 },
  faccessat2: { kind: 'probe', dir: 0, path: 1 },
  readlink: { kind: 'probe', path: 0 },
  readlinkat: { kind: 'probe', dir: 0, path: 1 },
  chdir: { kind: 'chdir', path: 0 },
  fchdir: { kind: 'fchdir', dir: 0 },
  execve: { kind: 'exec', path: 0 },
  execveat: { kind: 'exec', dir: 0, path: 1 },
  clone: { kind: 'fork' },
  clone3: { kind: 'fork' },
  fork: { kind: 'fork' },
  vfork: { kind: 'fork' },
  connect: { kind: 'connect' },
  sendto: { kind: 'connect' },
  sendmsg: { kind: 'connect' },
  sendmmsg: { kind: 'connect' },
};

/** Pseudo-filesystems whose files are not the project's files; left out of the read and write lists. */
export const pseudoRoots: readonly string[] = ['/proc', '/sys', '/dev'];
