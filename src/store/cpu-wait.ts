import { openSync, readSync } from 'node:fs';

// This thread's /proc/thread-self/schedstat, opened at the first reading (null: not on this system) and kept open:
// a read is one pread, 1.5 µs here. Module state, not configuration: each thread that loads the module has its own.
let schedstat: number | null | undefined;
const text = Buffer.alloc(96);

/**
 * Milliseconds this thread has spent runnable but waiting for a CPU (the second field of its schedstat), or 0
 * where the kernel does not say (not Linux, no schedstats). Told apart from an operation's own time, it shows what a
 * busy CPU added to it rather than the disk.
 */
export function cpuWaitMs(): number {
  if (schedstat === undefined) {
    try {
      schedstat = openSync('/proc/thread-self/schedstat', 'r');
    } catch {
      schedstat = null;
    }
  }
  if (schedstat === null) return 0;
  try {
    const length = readSync(schedstat, text, 0, text.length, 0);
    const waitedNs = Number(text.toString('latin1', 0, length).split(' ')[1]);
    return Number.isFinite(waitedNs) ? waitedNs / 1e6 : 0;
  } catch {
    return 0;
  }
}
