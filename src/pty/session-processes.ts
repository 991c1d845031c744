import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { killPids } from '../run/process-group.js';
import { RUN_TAG_VARIABLE } from '../run/child-env.js';

/**
 * Live processes of a terminal session: those in the session the pty leader opened (an interactive
 * shell puts each job in a group of its own, so the leader's group is not enough), and those
 * carrying the session's tag (which left it with setsid).
 */
export async function sessionProcesses(sessionId: number, tag: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const needle = Buffer.from(`${RUN_TAG_VARIABLE}=${tag}\0`);
  const names = await readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
      .map(async (name) => {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.length < 4 || fields[0] === 'Z' || fields[0] === 'X') return;
        if (Number(fields[3]) === sessionId) return void found.push(Number(name));
        const environ = await readFile(`/proc/${name}/environ`).catch(() => undefined);
        if (environ && (environ.subarray(0, needle.length).equals(needle) || environ.includes(Buffer.concat([Buffer.from([0]), needle])))) found.push(Number(name));
      }),
  );
  return found.sort((a, b) => a - b);
}

/** Hangs the session up (SIGHUP, as a closed terminal does), then kills whatever is left after `graceMs`. */
export async function endSession(leader: number, tag: string, graceMs: number): Promise<void> {
  const first = await sessionProcesses(leader, tag);
  killPids([leader, ...first], 'SIGHUP');
  killPids(first, 'SIGCONT');
  const deadline = Date.now() + graceMs;
  let left = first;
  while (left.length > 0 && Date.now() < deadline) {
    await delay(20);
    left = await sessionProcesses(leader, tag);
  }
  for (let round = 0; left.length > 0 && round < 5; round++) {
    killPids(left, 'SIGKILL');
    await delay(20);
    left = await sessionProcesses(leader, tag);
  }
}
