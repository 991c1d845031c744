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
}

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

function environHas(pid: number, needle: Buffer): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  const at = environ.indexOf(needle);
  return at === 0 || (at > 0 && environ[at - 1] === 0);
}

/**
 * The processes of a run in one scan: its group and session, every live descendant of those (the parent
 * chain, through parents that just exited), and any process started since the run whose environment carries its tag. Sorted pids.
 */
export function runProcesses(marks: RunMarks, entries: readonly ProcEntry[] = readProcEntries(marks.pgid)): number[] {
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
  return candidates
    .filter((entry) => !entry.zombie && (isMember(entry) || environHas(entry.pid, needle)))
    .map((entry) => entry.pid)
    .sort((a, b) => a - b);
}
