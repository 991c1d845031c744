// The lead's Launcher seam (src/process/launcher.ts), as announced; replaced by imports from there once it lands.
import type { Readable, Writable } from 'node:stream';

export interface LaunchRequest {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: 'ignore' | 'pipe';
  /** The run tag, also in env. */
  tag: string;
  detached: boolean;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Every process of one run, where it runs (pids are in the target's pid space). */
export interface RunGroup {
  remaining(): Promise<number[]>;
  leftovers(mainPid: number): Promise<number[]>;
  send(signal: NodeJS.Signals, pids?: readonly number[]): Promise<boolean>;
  signalAll(signal: NodeJS.Signals): Promise<number[]>;
  waitGone(ms: number, known: readonly number[]): Promise<boolean>;
  kill(): Promise<void>;
  terminate(graceMs: number): Promise<void>;
  alive(pids: readonly number[]): Promise<number[]>;
  readonly escapees: readonly number[];
}

export interface LaunchedProcess {
  pid: number;
  stdout: Readable;
  stderr: Readable;
  stdin: Writable | null;
  exit: Promise<ProcessExit>;
  group: RunGroup;
  release(): void;
}

export interface Launcher {
  launch(request: LaunchRequest): Promise<LaunchedProcess>;
}
