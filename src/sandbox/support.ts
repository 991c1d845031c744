import { x } from 'tinyexec';
import { findExecutable } from '../process/find-executable.js';

const linuxInstall =
  'Install bubblewrap: `apt-get install bubblewrap` (Debian/Ubuntu), `dnf install bubblewrap` (Fedora), `apk add bubblewrap` (Alpine) or `pacman -S bubblewrap` (Arch).';
const userNamespaceHint =
  'bubblewrap is installed but could not create namespaces: enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04+ kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap), or run in a container started with --privileged or a seccomp profile that allows clone(CLONE_NEWUSER).';

/** The probe runs the real thing once with every flag a sandboxed run uses. */
const probeArgs = [
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--proc',
  '/proc',
  '--unshare-pid',
  '--unshare-net',
  '--die-with-parent',
  '--new-session',
  '--cap-drop',
  'ALL',
  '--',
  'true',
];

// A cache of facts about the machine, filled once per process and key; never mutated otherwise.
const probes = new Map<string, Promise<SandboxSupport>>();

/**
 * Says whether sandboxed runs can work here. On Linux this really runs bubblewrap once (cached for the process).
 */
export function sandboxSupport(
  options: {
    /** The platform to answer for. @defaultValue process.platform */
    platform?: NodeJS.Platform;
    /** The bubblewrap binary (name looked up on PATH, or an absolute path). @defaultValue 'bwrap' */
    bwrapPath?: string;
    /** The sandbox-exec binary, on macOS. @defaultValue '/usr/bin/sandbox-exec' */
    sandboxExecPath?: string;
  } = {},
): Promise<{
  /** True when commands can run confined here. */
  available: boolean;
  /** Which confinement: bubblewrap on Linux, sandbox-exec on macOS. */
  kind?: 'bubblewrap' | 'sandbox-exec';
  /** The binary that will be used. */
  path?: string;
  /** Why no sandbox is available. */
  reason?: string;
  /** How to make one available. */
  install?: string;
}> {
  const platform = options.platform ?? process.platform;
  const key = JSON.stringify([platform, options.bwrapPath, options.sandboxExecPath]);
  let probe = probes.get(key);
  if (probe === undefined) {
    probe = detect(platform, options);
    probes.set(key, probe);
  }
  return probe;
}

async function detect(platform: NodeJS.Platform, options: SandboxSupportOptions): Promise<SandboxSupport> {
  if (platform === 'linux') return detectBubblewrap(options.bwrapPath ?? 'bwrap');
  if (platform === 'darwin') return detectSandboxExec(options.sandboxExecPath ?? '/usr/bin/sandbox-exec');
  return {
    available: false,
    reason: `No sandbox is supported on ${platform}; tersh refuses to run a sandboxed command unconfined.`,
    install: 'Run inside WSL2 with bubblewrap installed (`apt-get install bubblewrap`), or on Linux or macOS.',
  };
}

async function detectBubblewrap(name: string): Promise<SandboxSupport> {
  const path = await findExecutable(name);
  if (path === undefined)
    return { available: false, reason: `bubblewrap (\`${name}\`) was not found on PATH.`, install: linuxInstall };
  const result = await x(path, probeArgs, { throwOnError: false, timeout: 10_000 });
  if (result.exitCode === 0) return { available: true, kind: 'bubblewrap', path };
  const said = result.stderr.trim() || `exit code ${String(result.exitCode)}`;
  return { available: false, path, reason: `bubblewrap at ${path} failed its probe: ${said}`, install: userNamespaceHint };
}

async function detectSandboxExec(path: string): Promise<SandboxSupport> {
  if ((await findExecutable(path)) === undefined) {
    return {
      available: false,
      reason: `sandbox-exec was not found at ${path}.`,
      install: 'sandbox-exec ships with macOS; check that /usr/bin is intact.',
    };
  }
  const result = await x(path, ['-p', '(version 1)(allow default)', '/usr/bin/true'], { throwOnError: false, timeout: 10_000 });
  if (result.exitCode === 0) return { available: true, kind: 'sandbox-exec', path };
  return {
    available: false,
    path,
    reason: `sandbox-exec failed its probe: ${result.stderr.trim()}`,
    install: 'Nested sandboxes are refused by macOS: run tersh outside another sandbox-exec.',
  };
}

/**
 * Where to look; for tests and unusual installs.
 */
export type SandboxSupportOptions = NonNullable<Parameters<typeof sandboxSupport>[0]>;

/**
 * What confinement this machine offers, and if none, why and how to get it.
 */
export type SandboxSupport = Awaited<ReturnType<typeof sandboxSupport>>;
