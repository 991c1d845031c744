import { isAbsolute, resolve } from 'node:path';
import { enterCgroupAsync, removeCgroup } from './cgroup.js';
import { findInPath, systemProbe } from './find-in-path.js';
import { giveUpCgroups, holdRun, runCgroup, type HeldRun } from './host-lifetime.js';
import type { LaunchRequest } from './launcher.js';
import { readProcEntry } from './proc-scan.js';
import { RunProcesses } from './run-processes.js';

// The command moves itself into its cgroup before it runs, so that nothing it forks starts outside.
const ENTER_CGROUP_SCRIPT = 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"';

/** True when `file` would start (so that a missing program still fails to spawn as ENOENT, unwrapped). */
function wouldStart(file: string, cwd: string, env: NodeJS.ProcessEnv): boolean {
  const probe = { ...systemProbe(), env: { PATH: env.PATH ?? '' } };
  if (file.includes('/')) return probe.isExecutable(isAbsolute(file) ? file : resolve(cwd, file));
  return findInPath(file, probe) !== undefined;
}

/** Starts the program of `request` (wrapped to enter `cgroup` first, when there is one) and resolves once it has a pid. */
export type StartProgram<Started extends { pid: number }> = (
  request: LaunchRequest,
  cgroup: string | undefined,
) => Promise<Started>;

export interface TiedStartOptions {
  /** Registers the run with the host's watchdog (false: the starter kills it if the host dies). */
  watchdog: boolean;
}

export interface TiedStart<Started> {
  started: Started;
  processes: RunProcesses;
  /** Unties the run from the host's life. */
  release: () => void;
}

/**
 * Starts a run's main process on this host, in a cgroup of its own where the host may create one, and ties it
 * to the host's life unless it is `detached` (`watchdog: false` when the starter itself kills it if the host dies).
 * Resolves as soon as the pid is known: the host's own move of the pid into the cgroup (the wrapper already moves
 * itself before the command runs) goes on meanwhile, and `processes` waits for it before it lists or kills anything.
 * No await comes between the start and the return, so a direct child's output is read from its first byte.
 */
export async function startTied<Started extends { pid: number }>(
  request: LaunchRequest,
  start: StartProgram<Started>,
  options: TiedStartOptions = { watchdog: true },
): Promise<TiedStart<Started>> {
  let cgroup = request.detached ? undefined : runCgroup(request.tag, { watchdog: options.watchdog });
  const wrap = cgroup !== undefined && wouldStart(request.file, request.cwd, request.env);
  if (cgroup && !wrap) cgroup = void removeCgroup(cgroup);
  let started: Started;
  try {
    started = await start(
      wrap ? { ...request, file: '/bin/sh', args: ['-c', ENTER_CGROUP_SCRIPT, cgroup!, request.file, ...request.args] } : request,
      cgroup,
    );
  } catch (error) {
    if (cgroup) removeCgroup(cgroup);
    throw error;
  }
  const marks = { pgid: started.pid, startTicks: readProcEntry(started.pid)?.startTicks ?? 0, tag: request.tag };
  const held: HeldRun = { ...marks, cgroup };
  const entering =
    cgroup === undefined
      ? undefined
      : enterCgroupAsync(cgroup, started.pid).then((entered) => {
          if (!entered) {
            // Not allowed to move processes here: this run and the next go without cgroups.
            giveUpCgroups();
            removeCgroup(cgroup!);
            held.cgroup = undefined;
          }
          return entered;
        });
  const processes = new RunProcesses(marks, cgroup, entering);
  const release =
    request.detached || process.platform === 'win32' ? () => undefined : holdRun(held, { watchdog: options.watchdog });
  return { started, processes, release };
}
