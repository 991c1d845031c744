import { alivePids, signalGroup, signalPids } from './group.js';
import type { LaunchedProcess, Launcher, RunGroup } from './launcher.js';
import type { RunProcesses } from './run-processes.js';
import { spawnChild } from './spawn.js';
import { startTied } from './tied-start.js';

/** The run's processes on this host, seen through the seam every launcher offers. */
export function localRunGroup(processes: RunProcesses): RunGroup {
  return new LocalRunGroup(processes);
}

// A class rather than an object of closures: one allocation a run.
class LocalRunGroup implements RunGroup {
  constructor(private readonly processes: RunProcesses) {}

  async remaining(): Promise<number[]> {
    await this.processes.whenReady();
    return this.processes.list();
  }

  leftovers(mainPid: number): Promise<number[]> {
    return this.processes.leftovers(mainPid);
  }

  async send(signal: NodeJS.Signals, pids: readonly number[] = []): Promise<boolean> {
    const group = signalGroup(this.processes.marks.pgid, signal);
    return signalPids(pids, signal).length > 0 || group;
  }

  async signalAll(signal: NodeJS.Signals): Promise<number[]> {
    await this.processes.whenReady();
    return this.processes.signal(signal);
  }

  waitGone(ms: number, known: readonly number[]): Promise<boolean> {
    return this.processes.waitGone(ms, known);
  }

  kill(): Promise<void> {
    return this.processes.kill();
  }

  terminate(graceMs: number): Promise<void> {
    return this.processes.terminate(graceMs);
  }

  alive(pids: readonly number[]): Promise<number[]> {
    return alivePids(pids);
  }

  get escapees(): readonly number[] {
    return this.processes.escapees;
  }
}

/** Starts processes on this host with `child_process.spawn`. */
export const localLauncher: Launcher = {
  async launch(request): Promise<LaunchedProcess> {
    const { started: child, processes, release } = await startTied(request, (program) => spawnChild(program));
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
