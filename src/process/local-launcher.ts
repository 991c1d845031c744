import { isAbsolute, resolve } from 'node:path';
import { enterCgroup, removeCgroup } from './cgroup.js';
import { findInPath, systemProbe } from './find-in-path.js';
import { alivePids, signalGroup, signalPids } from './group.js';
import { giveUpCgroups, holdRun, runCgroup } from './host-lifetime.js';
import type { LaunchedProcess, LaunchRequest, Launcher, RunGroup } from './launcher.js';
import { readProcEntry } from './proc-scan.js';
import { RunProcesses } from './run-processes.js';
import { spawnChild, type SpawnedChild } from './spawn.js';

// The command moves itself into its cgroup before it runs, so that nothing it forks starts outside.
const ENTER_CGROUP_SCRIPT = 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"';

/** True when `file` would start (so that a missing program still fails to spawn as ENOENT, unwrapped). */
function wouldStart(file: string, cwd: string, env: NodeJS.ProcessEnv): boolean {
  const probe = { ...systemProbe(), env: { PATH: env.PATH ?? '' } };
  if (file.includes('/')) return probe.isExecutable(isAbsolute(file) ? file : resolve(cwd, file));
  return findInPath(file, probe) !== undefined;
}

/** The run's processes on this host, seen through the seam every launcher offers. */
export function localRunGroup(processes: RunProcesses): RunGroup {
  const { pgid } = processes.marks;
  return {
    remaining: async () => processes.list(),
    leftovers: (mainPid) => processes.leftovers(mainPid),
    send: async (signal, pids = []) => {
      const group = signalGroup(pgid, signal);
      return signalPids(pids, signal).length > 0 || group;
    },
    signalAll: async (signal) => processes.signal(signal),
    waitGone: (ms, known) => processes.waitGone(ms, known),
    kill: () => processes.kill(),
    terminate: (graceMs) => processes.terminate(graceMs),
    alive: (pids) => alivePids(pids),
    get escapees() {
      return processes.escapees;
    },
  };
}

/** Spawns in a new session, in a cgroup of its own where the host may create one, tied to the host's life. */
async function spawnRun(request: LaunchRequest): Promise<{ child: SpawnedChild; processes: RunProcesses; release: () => void }> {
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

/** Starts processes on this host with `child_process.spawn`. */
export const localLauncher: Launcher = {
  async launch(request): Promise<LaunchedProcess> {
    const { child, processes, release } = await spawnRun(request);
    return {
      pid: child.pid,
      stdout: child.child.stdout!,
      stderr: child.child.stderr!,
      stdin: child.child.stdin,
      exit: child.exit,
      group: localRunGroup(processes),
      release,
    };
  },
};
