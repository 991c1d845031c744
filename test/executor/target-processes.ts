import { readdirSync, readFileSync } from 'node:fs';

/** Pids of the live processes on this machine whose command line is exactly `sleep <seconds>`. */
export function sleepers(seconds: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8') === `sleep\0${seconds}\0`) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

/** Command lines (arguments joined by spaces) of every live process on this machine. */
export function hostCommandLines(): string[] {
  const lines: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      lines.push(readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
    } catch {
      // gone
    }
  }
  return lines;
}
