import { GROUP_SCRIPT } from './remote-scripts.js';
import type { RunGroup, TargetOutput } from './types.js';

/** Runs one small command in the target to its end (the transport's `exec`). */
export type TargetExec = (argv: readonly string[]) => Promise<TargetOutput>;

function signalWord(signal: NodeJS.Signals): string {
  return signal.replace(/^SIG/, '');
}

/**
 * A run's processes in the target, reached through a second exec of GROUP_SCRIPT: the group the wrapper reported,
 * plus every process carrying the run's tag (setsid escapees). When the target cannot be reached, every query
 * answers "nothing left" rather than throw (a dead container holds no process).
 */
export class RemoteRunGroup implements RunGroup {
  private readonly outside = new Set<number>();

  constructor(
    private readonly exec: TargetExec,
    private readonly pgid: number,
    private readonly tagPair: string,
  ) {}

  get escapees(): readonly number[] {
    return [...this.outside].sort((a, b) => a - b);
  }

  private async op(name: string, ...args: string[]): Promise<string[]> {
    const out = await this.exec(['sh', '-c', GROUP_SCRIPT, 'tersh-group', name, String(this.pgid), this.tagPair, ...args]);
    return out.stdout
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '');
  }

  /** Pids of `pid pgid` lines, noting those outside the group as escapees. */
  private pids(lines: readonly string[]): number[] {
    const pids: number[] = [];
    for (const line of lines) {
      const [pid, pgid] = line.split(' ').map(Number);
      if (!Number.isSafeInteger(pid)) continue;
      if (pgid !== this.pgid) this.outside.add(pid!);
      pids.push(pid!);
    }
    return [...new Set(pids)].sort((a, b) => a - b);
  }

  async remaining(): Promise<number[]> {
    return this.pids(await this.op('list'));
  }

  async leftovers(mainPid: number): Promise<number[]> {
    return (await this.remaining()).filter((pid) => pid !== mainPid);
  }

  async send(signal: NodeJS.Signals, pids: readonly number[] = []): Promise<boolean> {
    const lines = await this.op('signal', signalWord(signal), ...pids.map(String));
    return lines[0] === 'sent';
  }

  async signalAll(signal: NodeJS.Signals): Promise<number[]> {
    return this.pids(await this.op('signalall', signalWord(signal)));
  }

  async waitGone(ms: number, known: readonly number[]): Promise<boolean> {
    if (known.length === 0) return true;
    const lines = await this.op('waitgone', String(ms), ...known.map(String));
    return lines[0] !== 'left';
  }

  async kill(): Promise<void> {
    this.pids(await this.op('kill'));
  }

  async terminate(graceMs: number): Promise<void> {
    this.pids(await this.op('terminate', String(graceMs || 0)));
  }

  async alive(pids: readonly number[]): Promise<number[]> {
    if (pids.length === 0) return [];
    return (await this.op('alive', ...pids.map(String))).map(Number).filter(Number.isSafeInteger);
  }
}
