import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import type { ConfinementPaths } from './bubblewrap.js';
import { bubblewrapLaunch } from './launch.js';
import type { NormalizedSandboxOptions } from './options.js';
import { canonicalPath, darwinCanonical, expandHome, resolveProtectedPaths } from './paths.js';
import { seatbeltArgs } from './seatbelt.js';
import { sandboxSupport } from './support.js';

/**
 * A command rewritten to run confined, with the private temp dir to remove once it has ended.
 */
export interface SandboxedCommand {
  file: string;
  args: string[];
  /**
   * The programs executed before the command itself, in order (absolute paths): pass them to
   * `summarizeTrace` as `launchers` when tracing a sandboxed command, so the sandbox's setup is left out.
   */
  launchers: string[];
  /** Removes the run's private temp dir (and seccomp filter). Safe to call more than once. */
  cleanup(): Promise<void>;
}

/**
 * Where and how the command will run.
 */
export interface SandboxContext {
  /** The command's working directory: writable inside the sandbox. */
  cwd: string;
  /** @defaultValue process.platform */
  platform?: NodeJS.Platform;
  /** The bubblewrap binary. @defaultValue 'bwrap' */
  bwrapPath?: string;
  /** The CPU architecture, which picks the seccomp filter. @defaultValue process.arch */
  arch?: string;
}

/**
 * Rewrites `command` to run under bubblewrap (Linux) or sandbox-exec (macOS).
 * @throws TershError `SANDBOX_UNAVAILABLE` when no working sandbox exists here: never runs unconfined.
 */
export async function wrapInSandbox(
  command: { file: string; args: string[] },
  options: NormalizedSandboxOptions,
  context: SandboxContext,
): Promise<SandboxedCommand> {
  const platform = context.platform ?? process.platform;
  const support = await sandboxSupport({ platform, ...(context.bwrapPath !== undefined && { bwrapPath: context.bwrapPath }) });
  if (!support.available || support.path === undefined) {
    throw new TershError(
      'SANDBOX_UNAVAILABLE',
      `Cannot run sandboxed: ${support.reason ?? 'no sandbox available'} ${support.install ?? ''}`.trim(),
      {
        details: { ...support, platform },
      },
    );
  }
  const runDir = await canonicalPath(await mkdtemp(join(tmpdir(), 'tersh-sandbox-')));
  const tmp = join(runDir, 'tmp');
  let removed = false;
  const cleanup = async (): Promise<void> => {
    if (removed) return;
    removed = true;
    await rm(runDir, { recursive: true, force: true, maxRetries: 2 });
  };
  try {
    await mkdir(tmp, { mode: 0o700 });
    const paths = await confinementPaths(options, context.cwd, tmp);
    if (support.kind === 'sandbox-exec') {
      return {
        file: support.path,
        args: seatbeltArgs(macPaths(paths), command),
        launchers: [support.path, '/usr/bin/env'],
        cleanup,
      };
    }
    const launch = await bubblewrapLaunch(support.path, paths, command, {
      allowUnixSockets: options.allowUnixSockets,
      runDir,
      arch: context.arch,
    });
    return { ...launch, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function confinementPaths(options: NormalizedSandboxOptions, cwd: string, tmp: string): Promise<ConfinementPaths> {
  const realCwd = await canonicalPath(cwd);
  const writable = await Promise.all(options.writable.map((root) => canonicalPath(expandHome(root))));
  const hidden = await resolveProtectedPaths(options.protect, realCwd);
  const protect = await Promise.all(
    hidden.map(async (path) => ({ path, isDirectory: (await stat(path).catch(() => undefined))?.isDirectory() ?? false })),
  );
  return { cwd: realCwd, tmp, writable: [...new Set(writable)], protect, network: options.network };
}

export function macPaths(paths: ConfinementPaths): ConfinementPaths {
  return {
    ...paths,
    cwd: darwinCanonical(paths.cwd),
    tmp: darwinCanonical(paths.tmp),
    writable: paths.writable.map(darwinCanonical),
    protect: paths.protect.map((hidden) => ({ ...hidden, path: darwinCanonical(hidden.path) })),
  };
}
