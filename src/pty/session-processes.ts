import { enterCgroup, removeCgroup } from '../process/cgroup.js';
import { holdRun, runCgroup } from '../process/host-lifetime.js';
import { readProcEntry } from '../process/proc-scan.js';
import { RunProcesses } from '../process/run-processes.js';

export interface SessionProcesses {
  processes: RunProcesses;
  /** Unties the session from the host's life (once nothing of it is left). */
  release: () => void;
}

/**
 * Marks what a terminal session starts (its cgroup where the host may make one, else the pty leader's session,
 * descendants and tag, since an interactive shell puts each job in a group of its own) and ties it to the
 * host's life: killed on the host's exit, and by the watchdog when the host is killed.
 */
export function holdSession(leader: number, tag: string): SessionProcesses {
  let cgroup = runCgroup(tag);
  if (cgroup && !enterCgroup(cgroup, leader)) cgroup = void removeCgroup(cgroup);
  const marks = { pgid: leader, startTicks: readProcEntry(leader)?.startTicks ?? 0, tag };
  return { processes: new RunProcesses(marks, cgroup), release: holdRun({ ...marks, cgroup }) };
}

/** Hangs the session up (SIGHUP, as a closed terminal does), then kills whatever is left after `graceMs`. */
export async function endSession(session: SessionProcesses, graceMs: number): Promise<void> {
  const hungUp = session.processes.signal('SIGHUP');
  const gone = await session.processes.waitGone(graceMs, hungUp);
  if (!gone || session.processes.anyLeft()) await session.processes.kill();
  session.release();
}
