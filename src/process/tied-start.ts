import { isAbsolute, resolve } from 'node:path';
import { enterCgroup, enterCgroupAsync, removeCgroup } from './cgroup.js';
import { findInPath, systemProbe } from './find-in-path.js';
import { giveUpCgroups, holdRun, runCgroup } from './host-lifetime.js';
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
  /**
   * Moves the pid into the cgroup off the event loop (a 5 ms write). Not for child_process children: Node drops
   * their unread output if they exit before the caller attaches its readers, which an await here allows.
   */
  enterOffLoop: boolean;
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
 */
export async function startTied<Started extends { pid: number }>(
  request: LaunchRequest,
  start: StartProgram<Started>,
  options: TiedStartOptions = { watchdog: true, enterOffLoop: false },
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
  const entered =
    cgroup === undefined ||
    (options.enterOffLoop ? await enterCgroupAsync(cgroup, started.pid) : enterCgroup(cgroup, started.pid));
  if (cgroup && !entered) {
    giveUpCgroups();
    removeCgroup(cgroup);
    cgroup = undefined;
  }
  const marks = { pgid: started.pid, startTicks: readProcEntry(started.pid)?.startTicks ?? 0, tag: request.tag };
  const processes = new RunProcesses(marks, cgroup);
  const release =
    request.detached || process.platform === 'win32'
      ? () => undefined
      : holdRun({ ...marks, cgroup }, { watchdog: options.watchdog });
  return { started, processes, release };
}
