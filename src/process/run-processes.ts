import { setTimeout as delay } from 'node:timers/promises';
import { cgroupPids, freezeCgroup, killCgroup } from './cgroup.js';
import { signalGroup, signalPids } from './group.js';
import { readProcEntries, readProcEntry, readsEmptyEnvironment, scanRun, type ProcEntry, type RunMarks } from './proc-scan.js';

const POLL_MS = 10;
const SWEEP_DEADLINE_MS = 2_000;
const MAX_STOP_ROUNDS = 50;
const PID_ORDER_TRUSTED_MS = 60_000;
/** How long a process whose environment reads empty is taken for one inside execve (about 1 ms), and waited for. */
const UNREAD_PATIENCE_MS = 100;

/**
 * Every process of one run, whatever it did to leave (setsid, a double fork, `env -i`): the run's cgroup
 * where it has one, else its group, session, descendants and tag in one /proc scan.
 */
export class RunProcesses {
  private cgroupPath: string | undefined;
  private ready: Promise<void> | undefined;
  private enter: (() => Promise<boolean>) | undefined;

  /**
   * `entering`: the move of the main process into `cgroup`, in flight, or made on the first call that needs it
   * (a run that ended by itself may never need it); false drops the cgroup.
   */
  constructor(
    readonly marks: RunMarks,
    cgroup: string | undefined,
    entering?: Promise<boolean> | (() => Promise<boolean>),
  ) {
    this.cgroupPath = cgroup;
    if (typeof entering === 'function') this.enter = entering;
    else if (entering) this.ready = this.entered(entering);
  }

  private entered(entering: Promise<boolean>): Promise<void> {
    return entering.then((entered) => {
      if (!entered) this.cgroupPath = undefined;
    });
  }

  /** The run's cgroup, once the main process is known to be in it. */
  get cgroup(): string | undefined {
    return this.cgroupPath;
  }

  /** Resolves once the main process is in its cgroup, or the run is known to have none: call before any other method. */
  whenReady(): Promise<void> {
    if (!this.ready) {
      const enter = this.enter;
      this.enter = undefined;
      this.ready = enter ? this.entered(enter()) : Promise.resolve();
    }
    return this.ready;
  }

  /**
   * The live processes of the run: one read of `cgroup.procs`, or one scan of /proc, which also keeps
   * every process seen before (by pid and start time: one that has since been reparented and shed its tag).
   */
  list(): number[] {
    if (process.platform !== 'linux') return [];
    if (this.cgroup) return cgroupPids(this.cgroup);
    // Past a minute, pids may have wrapped around and come back up: read them all.
    const entries = readProcEntries(Date.now() - this.createdAt < PID_ORDER_TRUSTED_MS ? this.marks.pgid : undefined);
    const scan = scanRun(this.marks, entries);
    this.noteUnread(scan.unread);
    const found = new Set(scan.pids);
    for (const entry of entries) {
      if (entry.zombie) continue;
      if (found.has(entry.pid)) this.seen.set(entry.pid, entry.startTicks);
      else if (this.seen.get(entry.pid) === entry.startTicks) found.add(entry.pid);
    }
    return [...found].sort((a, b) => a - b);
  }

  private readonly seen = new Map<number, number>();
  private readonly createdAt = Date.now();
  /** What the last scan could not read (an empty environment), with when each was first seen so. */
  private unread = new Map<number, { entry: ProcEntry; since: number }>();

  private noteUnread(entries: readonly ProcEntry[]): void {
    const now = Date.now();
    const unread = new Map<number, { entry: ProcEntry; since: number }>();
    for (const entry of entries) {
      const before = this.unread.get(entry.pid);
      unread.set(entry.pid, before?.entry.startTicks === entry.startTicks ? before : { entry, since: now });
    }
    this.unread = unread;
  }

  /** Processes the last scan could not read that may still be inside execve (read empty for less than the patience). */
  private unreadNow(): Array<{ entry: ProcEntry; since: number }> {
    const now = Date.now();
    return [...this.unread.values()].filter(({ since }) => now - since < UNREAD_PATIENCE_MS);
  }

  /**
   * Waits until each process the last scan could not read reads again, is gone, or has read empty past the patience
   * (it started with no environment: not one to find by its tag). False at once when there is none: call `list()`
   * again after a true.
   */
  private async readAgain(): Promise<boolean> {
    let waiting = this.unreadNow();
    if (waiting.length === 0) return false;
    while (waiting.length > 0) {
      await delay(1);
      waiting = waiting.filter(({ entry, since }) => Date.now() - since < UNREAD_PATIENCE_MS && readsEmptyEnvironment(entry));
    }
    return true;
  }

  /** Whether anything of the run is left, as far as a scan can tell: one it found, or one it could not read yet. */
  anyLeft(): boolean {
    return this.list().length > 0 || (!this.cgroup && this.unreadNow().length > 0);
  }

  /**
   * What is left once the main process `pid` has exited. Without a cgroup, a scan that finds nothing is made once
   * more, at once: a process forked after the first listed /proc, by one that exited before it was read (a double
   * fork caught between its two forks), is in the second listing; and again while a process it could not read
   * (inside execve, where a process shows no environment) may be the run's.
   */
  async leftovers(pid: number): Promise<number[]> {
    await this.whenReady();
    let found = this.list().filter((other) => other !== pid);
    if (found.length > 0 || this.cgroup || process.platform !== 'linux') return found;
    found = this.list().filter((other) => other !== pid);
    const deadline = Date.now() + UNREAD_PATIENCE_MS;
    while (found.length === 0 && Date.now() < deadline && (await this.readAgain())) {
      found = this.list().filter((other) => other !== pid);
    }
    return found;
  }

  /** Pids seen outside the run's process group (setsid escapees), noted while they were alive. */
  get escapees(): number[] {
    return [...this.outside].sort((a, b) => a - b);
  }

  private readonly outside = new Set<number>();
  private readonly classified = new Set<number>();

  private note(pids: readonly number[]): void {
    for (const pid of pids) {
      if (this.classified.has(pid)) continue;
      this.classified.add(pid);
      const entry = readProcEntry(pid);
      if (entry && entry.pgid !== this.marks.pgid) this.outside.add(pid);
    }
  }

  /**
   * Sends `signal` to the group and every other process of the run, all frozen meanwhile so that no fork
   * slips between the scan and the signal (the cgroup's freezer, or SIGSTOP until a scan finds nothing new).
   */
  signal(signal: NodeJS.Signals): number[] {
    if (this.cgroup) {
      freezeCgroup(this.cgroup, true);
      const pids = this.list();
      this.note(pids);
      signalGroup(this.marks.pgid, signal);
      signalPids(pids, signal);
      freezeCgroup(this.cgroup, false);
      return pids;
    }
    const stopped = new Set<number>();
    signalGroup(this.marks.pgid, 'SIGSTOP');
    for (let round = 0; round < MAX_STOP_ROUNDS; round += 1) {
      const fresh = this.list().filter((pid) => !stopped.has(pid));
      if (fresh.length === 0) break;
      signalPids(fresh, 'SIGSTOP');
      fresh.forEach((pid) => stopped.add(pid));
    }
    const pids = [...stopped].sort((a, b) => a - b);
    this.note(pids);
    signalGroup(this.marks.pgid, signal);
    signalPids(pids, signal);
    signalGroup(this.marks.pgid, 'SIGCONT');
    signalPids(pids, 'SIGCONT');
    return pids;
  }

  /** Resolves true once nothing of the run is left (of `known`, without a cgroup), false after `ms`. */
  async waitGone(ms: number, known: readonly number[]): Promise<boolean> {
    await this.whenReady();
    const deadline = Date.now() + ms;
    const anyLeft = (): boolean =>
      this.cgroup ? cgroupPids(this.cgroup).length > 0 : known.some((pid) => readProcEntry(pid) !== undefined);
    while (anyLeft()) {
      if (Date.now() >= deadline) return false;
      await delay(POLL_MS);
    }
    return true;
  }

  /**
   * SIGKILL to everything of the run until a scan finds nothing (a respawner that ignores SIGTERM included),
   * bounded by a deadline. With a cgroup, `cgroup.kill` (race-free against forks); without, what a scan
   * finds is stopped first and killed once a scan finds nothing new, so nothing forks between scan and kill; a
   * scan that finds nothing ends the sweep only once every process it could not read (inside execve) reads again.
   */
  async kill(): Promise<void> {
    await this.whenReady();
    const deadline = Date.now() + SWEEP_DEADLINE_MS;
    if (this.cgroup) {
      signalGroup(this.marks.pgid, 'SIGKILL');
      const pids = cgroupPids(this.cgroup);
      this.note(pids);
      killCgroup(this.cgroup);
      await this.waitGone(SWEEP_DEADLINE_MS, pids);
      return;
    }
    const stopped = new Set<number>();
    while (Date.now() < deadline) {
      const found = this.list();
      if (found.length === 0) {
        if (await this.readAgain()) continue;
        return;
      }
      this.note(found);
      const fresh = found.filter((pid) => !stopped.has(pid));
      if (fresh.length > 0) {
        signalPids(fresh, 'SIGSTOP');
        fresh.forEach((pid) => stopped.add(pid));
        continue;
      }
      signalPids(found, 'SIGKILL');
      stopped.clear();
      await delay(1);
    }
  }

  /** TERM, then KILL after `graceMs` if anything is left, then a sweep until nothing is. */
  async terminate(graceMs: number): Promise<void> {
    await this.whenReady();
    const termed = this.signal('SIGTERM');
    const gone = await this.waitGone(graceMs, termed);
    if (!gone || this.anyLeft()) await this.kill();
  }
}
