import { isAbsolute, resolve } from 'node:path';
import { giveUpCgroups, holdRun, runCgroup } from '../process/host-lifetime.js';
import { enterCgroup, removeCgroup } from '../process/cgroup.js';
import { readProcEntry } from '../process/proc-scan.js';
import { RunProcesses } from '../process/run-processes.js';
import { findInPath, systemProbe } from './shell-resolve.js';
import { spawnChild, type SpawnRequest, type SpawnedChild } from './spawn-child.js';

// The command moves itself into its cgroup before it runs, so that nothing it forks starts outside.
const ENTER_CGROUP_SCRIPT = 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"';

export interface StartedRun {
  child: SpawnedChild;
  processes: RunProcesses;
  /** Unties the run from the host's life (called once nothing of it is left, or never for a detached run). */
  release: () => void;
}

/** True when `file` would start (so that a missing program still fails to spawn as ENOENT, unwrapped). */
function wouldStart(file: string, cwd: string, env: NodeJS.ProcessEnv): boolean {
  const probe = { ...systemProbe(), env: { PATH: env.PATH ?? '' } };
  if (file.includes('/')) return probe.isExecutable(isAbsolute(file) ? file : resolve(cwd, file));
  return findInPath(file, probe) !== undefined;
}

/**
 * Spawns a run's main process in its own session, in a cgroup of its own where the host may create one,
 * and ties it to the host's life unless it is `detached`.
 */
export async function startRun(request: SpawnRequest & { tag: string; detached: boolean }): Promise<StartedRun> {
  let cgroup = request.detached ? undefined : runCgroup(request.tag);
  const wrap = cgroup !== undefined && wouldStart(request.file, request.cwd, request.env);
  if (cgroup && !wrap) cgroup = void removeCgroup(cgroup);
  let child: SpawnedChild;
  try {
    child = await spawnChild(wrap ? { ...request, file: '/bin/sh', args: ['-c', ENTER_CGROUP_SCRIPT, cgroup!, request.file, ...request.args] } : request);
  } catch (error) {
    if (cgroup) removeCgroup(cgroup);
    throw error;
  }
  if (cgroup && !enterCgroup(cgroup, child.pid)) {
    giveUpCgroups();
    removeCgroup(cgroup);
    cgroup = undefined;
  }
  const marks = { pgid: child.pid, startTicks: readProcEntry(child.pid)?.startTicks ?? 0, tag: request.tag };
  const processes = new RunProcesses(marks, cgroup);
  const release = request.detached || process.platform === 'win32' ? () => undefined : holdRun({ ...marks, cgroup });
  return { child, processes, release };
}
