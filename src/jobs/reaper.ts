import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { RUN_TAG_VARIABLE } from '../run/child-env.js';

/** What the host-exit hook needs of a job manager with live jobs. */
export interface Reapable {
  /** Signals every live job's group and leftovers at once (synchronous). */
  signalAll(signal: NodeJS.Signals): void;
  /** Run tags (record ids) of the live jobs, to find processes that left their group. */
  liveTags(): string[];
  /** True while any live job has not finished. */
  hasLiveJobs(): boolean;
}

// The one piece of module-level mutable state in tersh's jobs: the managers that have live jobs.
// Process exit and SIGINT/SIGTERM/SIGHUP are process-wide, so one hook serves them all; it is
// installed while some manager has a live job and removed when none has.
const live = new Set<Reapable>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const GRACE_MS = 500;

export function trackLive(manager: Reapable): void {
  if (live.size === 0) install();
  live.add(manager);
}

export function untrackLive(manager: Reapable): void {
  if (!live.delete(manager)) return;
  if (live.size === 0) uninstall();
}

function install(): void {
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function killEverything(signal: NodeJS.Signals): void {
  const tags = [...live].flatMap((manager) => manager.liveTags());
  for (const manager of live) manager.signalAll(signal);
  for (const pid of taggedPidsSync(tags)) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function onExit(): void {
  killEverything('SIGKILL');
}

function onSignal(signal: NodeJS.Signals): void {
  killEverything('SIGTERM');
  const others = process.listenerCount(signal) - 1;
  const deadline = Date.now() + GRACE_MS;
  const finish = (): void => {
    if ([...live].some((manager) => manager.hasLiveJobs()) && Date.now() < deadline) {
      setTimeout(finish, 20);
      return;
    }
    killEverything('SIGKILL');
    // Another listener owns the decision to exit; otherwise do what the signal would have done.
    if (others === 0) process.exit(128 + (constants.signals[signal] ?? 0));
  };
  finish();
}

/** Pids whose environment carries one of the run tags (Linux; synchronous, for the exit hook). */
function taggedPidsSync(tags: readonly string[]): number[] {
  if (process.platform !== 'linux' || tags.length === 0) return [];
  const needles = tags.map((tag) => Buffer.from(`${RUN_TAG_VARIABLE}=${tag}\0`));
  const found: number[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${name}/environ`);
    } catch {
      continue;
    }
    if (needles.some((needle) => environ.includes(needle))) found.push(Number(name));
  }
  return found;
}
