import { readdirSync, readFileSync } from 'node:fs';

/** PF_KTHREAD among the flags of /proc/PID/stat: a kernel thread, which never has a command line. */
const KERNEL_THREAD = 0x00200000;

/** How long a process whose command line reads empty (one inside execve) is read again for. */
const MID_EXEC_WAIT_MS = 1_000;

type Seen = 'gone' | 'mid-exec' | string;

/** A process's command line (NULs as spaces), 'mid-exec' while it reads empty, 'gone' for no live user process. */
function commandLine(pid: number): Seen {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X' || (Number(fields[6]) & KERNEL_THREAD) !== 0) return 'gone';
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    // Inside execve, from the switch to the new program's memory until its arguments are laid out there (about 1 ms,
    // longer on a loaded machine), the kernel shows an empty command line: the process is there all the same.
    return line === '' ? 'mid-exec' : line.replaceAll('\0', ' ');
  } catch {
    return 'gone';
  }
}

/**
 * Pids of live (non-zombie) processes whose command line contains `marker`. One inside execve (a `setsid sleep` between
 * `setsid` and `sleep`) is read again until it shows its new command line, so a live process is never missed.
 */
export function livePidsWith(marker: string): number[] {
  const pids: number[] = [];
  let midExec: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const seen = commandLine(Number(name));
    if (seen === 'mid-exec') midExec.push(Number(name));
    else if (seen !== 'gone' && seen.includes(marker)) pids.push(Number(name));
  }
  const deadline = Date.now() + MID_EXEC_WAIT_MS;
  while (midExec.length > 0 && Date.now() < deadline) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    const still: number[] = [];
    for (const pid of midExec) {
      const seen = commandLine(pid);
      if (seen === 'mid-exec') still.push(pid);
      else if (seen !== 'gone' && seen.includes(marker)) pids.push(pid);
    }
    midExec = still;
  }
  return pids.sort((a, b) => a - b);
}

/** Whether `pid` is a live user process (a zombie, waiting for init to reap it, is not). */
export function isLive(pid: number): boolean {
  return commandLine(pid) !== 'gone';
}

/** A unique `sleep` duration to find a test's own processes by (e.g. `sleep 317.123`). */
export function uniqueSleepSeconds(): string {
  return `${300 + Math.floor(Math.random() * 600)}.${Math.floor(Math.random() * 1000)}`;
}
