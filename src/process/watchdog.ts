import type { Writable } from 'node:stream';
import { spawnHelper } from './spawn.js';
import { WATCHDOG_SOURCE } from './watchdog-source.js';

/** A run the watchdog kills if the host dies. */
export interface WatchedRun {
  tag: string;
  pgid: number;
  startTicks: number;
  cgroup?: string | undefined;
}

/**
 * The host's end of the watchdog: a small process in its own session holding a pipe from the host. Nothing
 * the host does (or fails to do) at its death matters: when the kernel closes the pipe, the watchdog kills
 * every run still watched. See watchdog-source.ts for the line protocol.
 */
export class Watchdog {
  private alive = true;

  private constructor(private readonly input: Writable) {
    input.on('error', () => (this.alive = false));
    input.on('close', () => (this.alive = false));
  }

  /** Starts one (a Node.js process, about 40 MB, started once per host); undefined where it cannot start. */
  static start(): Watchdog | undefined {
    const env = { ...process.env };
    delete env.NODE_OPTIONS; // a loader hook of the host's (tsx, a profiler) is not needed to run 90 lines
    const input = spawnHelper(process.execPath, ['--max-old-space-size=32', '-e', WATCHDOG_SOURCE], env);
    return input ? new Watchdog(input) : undefined;
  }

  get isAlive(): boolean {
    return this.alive;
  }

  setParent(folder: string): void {
    this.send(`parent ${folder}`);
  }

  watch(run: WatchedRun): void {
    this.send(`watch ${run.tag} ${run.pgid} ${run.startTicks} ${run.cgroup ?? '-'}`);
  }

  forget(tag: string): void {
    this.send(`forget ${tag}`);
  }

  private send(line: string): void {
    if (this.alive) this.input.write(`${line}\n`);
  }
}
