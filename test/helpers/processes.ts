import { readdirSync, readFileSync } from 'node:fs';

/** Pids of live (non-zombie) processes whose command line contains `marker`. */
export function livePidsWith(marker: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(marker)) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

/** A unique `sleep` duration to find a test's own processes by (e.g. `sleep 317.123`). */
export function uniqueSleepSeconds(): string {
  return `${300 + Math.floor(Math.random() * 600)}.${Math.floor(Math.random() * 1000)}`;
}
