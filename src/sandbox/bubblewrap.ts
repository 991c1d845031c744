/** Canonical (realpath'd) paths for one sandboxed run. */
export interface ConfinementPaths {
  cwd: string;
  /** The private temp dir created for this run; inside the sandbox it is mounted at /tmp. */
  tmp: string;
  writable: string[];
  protect: { path: string; isDirectory: boolean }[];
  network: boolean;
}

/** How bwrap gets the seccomp program: an fd number it reads the program from, opened by the launcher. */
export interface SeccompInput {
  fd: number;
}

/**
 * The bwrap argv (without the bwrap binary itself). Mount order matters: later mounts cover earlier
 * ones, so the writable binds come after the read-only root and the protected paths come last.
 */
export function bubblewrapArgs(
  paths: ConfinementPaths,
  command: { file: string; args: string[] },
  seccomp?: SeccompInput,
): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--bind', paths.tmp, '/tmp'];
  args.push('--bind', paths.cwd, paths.cwd);
  for (const root of paths.writable) args.push('--bind-try', root, root);
  for (const hidden of paths.protect) {
    if (hidden.isDirectory) args.push('--tmpfs', hidden.path, '--remount-ro', hidden.path);
    else args.push('--ro-bind', '/dev/null', hidden.path);
  }
  args.push('--chdir', paths.cwd, '--setenv', 'TMPDIR', '/tmp');
  if (seccomp !== undefined) args.push('--seccomp', String(seccomp.fd));
  args.push('--unshare-pid');
  if (!paths.network) args.push('--unshare-net');
  args.push('--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--', command.file, ...command.args);
  return args;
}
