import { readdirSync, readFileSync } from 'node:fs';

/** Pids of the live (non-zombie) processes whose process group is `pgid`, read from /proc. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && Number(fields[2]) === pgid) members.push(Number(name));
    } catch {
      // gone
    }
  }
  return members;
}
