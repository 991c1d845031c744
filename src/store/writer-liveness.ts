import { readFileSync } from 'node:fs';

/** The file in a record's folder naming the process writing it: `<pid> <start time>`. */
export const WRITER_FILE = 'writer';

/** A record without a `writer` file (written before it existed, or the disk refused it) is presumed dead after this long. */
export const UNMARKED_GRACE_MS = 60_000;

/** The kernel's start time of a process (clock ticks since boot), which tells a reused pid from the writer; undefined off Linux. */
function startTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** What this process writes into the records it starts. */
export function writerStamp(pid = process.pid): string {
  const start = startTicks(pid);
  return start === undefined ? `${pid}` : `${pid} ${start}`;
}

/** Whether the process a stamp names still runs (and is the same process, not a reused pid). */
export function isWriterAlive(stamp: string): boolean {
  const [pidText, start] = stamp.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = start === undefined ? undefined : startTicks(pid);
  return now === undefined || now === start;
}
