import { readFileSync } from 'node:fs';

/**
 * CPU ms (user + system) from a `/proc/…/stat` file (`/proc/<pid>/stat`, `/proc/self/task/<tid>/stat`): the process's
 * or thread's own, or that of the children it has reaped (clock ticks of 10 ms).
 */
export function statCpuMs(statPath: string, whose: 'own' | 'children' = 'own'): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const first = whose === 'own' ? 11 : 13; // utime, stime; then cutime, cstime
  return (Number(fields[first]) + Number(fields[first + 1])) * 10;
}
