import { readdirSync, readFileSync } from 'node:fs';
import { RUN_TAG_VARIABLE } from './child-env.js';

/** One live (non-zombie) process as /proc/PID/stat tells it. */
export interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** Start time in clock ticks since boot: a process started before a run cannot belong to it. */
  startTicks: number;
  /** Exited, not yet reaped: not a process to kill, but still the parent of its children for a moment. */
  zombie: boolean;
  /** A kernel thread: never a run's, and its environment always reads empty. */
  kernelThread: boolean;
}

/** PF_KTHREAD among the flags of /proc/PID/stat. */
const KERNEL_THREAD = 0x00200000;

/** What marks the processes of one run. */
export interface RunMarks {
  /** The run's main pid: the leader of its session and process group. */
  pgid: number;
  /** The leader's start time: older processes are skipped without reading their environment. */
  startTicks: number;
  /** The `TERSH_RUN_ID=<tag>` environment tag, the last resort after `setsid`, a double fork and reparenting. */
  tag: string;
}

function parseStat(pid: number, stat: string): ProcEntry | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length < 20 || fields[0] === 'X') return undefined;
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    sid: Number(fields[3]),
    startTicks: Number(fields[19]),
    zombie: fields[0] === 'Z',
    kernelThread: (Number(fields[6]) & KERNEL_THREAD) !== 0,
  };
}

function readStat(pid: number): ProcEntry | undefined {
  try {
    return parseStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The stat of one process, or undefined when it is gone or a zombie. */
export function readProcEntry(pid: number): ProcEntry | undefined {
  const entry = readStat(pid);
  return entry?.zombie ? undefined : entry;
}

/** The pid the kernel handed out last (in this pid namespace), or undefined. */
function lastPid(): number | undefined {
  try {
    const last = Number(readFileSync('/proc/loadavg', 'utf8').trim().split(' ').at(-1));
    return Number.isInteger(last) ? last : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every process but this one (zombies flagged), in one pass over /proc (synchronous: /proc never waits on a
 * disk). With `sincePid`, only pids from it on are read, as long as pids have not wrapped around since
 * (the kernel hands them out in increasing order): the stat of the other hundreds of processes is not read.
 */
export function readProcEntries(sincePid?: number): ProcEntry[] {
  if (process.platform !== 'linux') return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const last = sincePid === undefined ? undefined : lastPid();
  const floor = sincePid !== undefined && last !== undefined && last >= sincePid ? sincePid : 0;
  const entries: ProcEntry[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid < floor || pid === process.pid) continue;
    const entry = readStat(pid);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Whether a process's environment carries `needle`, or 'unread' when it reads empty (see `RunScan.unread`). */
function environHas(pid: number, needle: Buffer): boolean | 'unread' {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  if (environ.length === 0) return 'unread';
  const at = environ.indexOf(needle);
  return at === 0 || (at > 0 && environ[at - 1] === 0);
}

/** What one scan found of a run. */
export interface RunScan {
  /** The run's processes: sorted pids. */
  pids: number[];
  /**
   * Processes started since the run, in none of its marks but the tag, whose environment read empty: inside execve
   * (from the switch to the new program's memory until its environment is laid out, about 1 ms, longer on a loaded
   * machine), the kernel shows no environment, tag included. Such a process may be the run's; look again. (A process
   * started with no environment at all, `env -i` without a variable, reads empty for good.)
   */
  unread: ProcEntry[];
}

/**
 * The processes of a run in one scan: its group and session, every live descendant of those (the parent
 * chain, through parents that just exited), and any process started since the run whose environment carries its tag.
 */
export function scanRun(marks: RunMarks, entries: readonly ProcEntry[] = readProcEntries(marks.pgid)): RunScan {
  const candidates = entries.filter((entry) => entry.startTicks >= marks.startTicks);
  const byPid = new Map(candidates.map((entry) => [entry.pid, entry]));
  const verdict = new Map<number, boolean>();
  const isMember = (entry: ProcEntry): boolean => {
    const known = verdict.get(entry.pid);
    if (known !== undefined) return known;
    verdict.set(entry.pid, false); // a cycle in a racing scan ends here
    const parent = byPid.get(entry.ppid);
    const member =
      entry.pgid === marks.pgid ||
      entry.sid === marks.pgid ||
      entry.pid === marks.pgid ||
      (parent !== undefined && isMember(parent));
    verdict.set(entry.pid, member);
    return member;
  };
  const needle = Buffer.from(`${RUN_TAG_VARIABLE}=${marks.tag}\0`);
  const pids: number[] = [];
  const unread: ProcEntry[] = [];
  for (const entry of candidates) {
    if (entry.zombie || entry.kernelThread) continue;
    const tagged = isMember(entry) || environHas(entry.pid, needle);
    if (tagged === 'unread') unread.push(entry);
    else if (tagged) pids.push(entry.pid);
  }
  return { pids: pids.sort((a, b) => a - b), unread };
}

/** The pids of a run's processes in one scan (`scanRun`'s). */
export function runProcesses(marks: RunMarks, entries?: readonly ProcEntry[]): number[] {
  return scanRun(marks, entries).pids;
}

/** True while the process `entry` names (the same start time) is alive and its environment still reads empty. */
export function readsEmptyEnvironment(entry: ProcEntry): boolean {
  if (readProcEntry(entry.pid)?.startTicks !== entry.startTicks) return false;
  try {
    return readFileSync(`/proc/${entry.pid}/environ`).length === 0;
  } catch {
    return false;
  }
}
