import { SWEEP_SOURCE } from './sweep-source.js';

/**
 * The watchdog's program, run as `node -e` in its own session. It reads lines from the host on stdin:
 *
 * - `parent <folder>`: the host's cgroup folder, removed at the end;
 * - `watch <tag> <pgid> <startTicks> <cgroup folder or ->`: a run to kill if the host dies;
 * - `forget <tag>`: the run ended.
 *
 * When stdin ends (the host died, however: its end of the pipe is closed by the kernel) or on SIGTERM,
 * SIGHUP or SIGINT, it kills every watched run and exits (sweep-source.ts).
 */
export const WATCHDOG_SOURCE = String.raw`
'use strict';
${SWEEP_SOURCE}
const runs = new Map();
let parent;
let pending = '';
function handle(line) {
  const [op, tag, pgid, startTicks, cgroup] = line.split(' ');
  if (op === 'watch') runs.set(tag, { tag, pgid: Number(pgid), startTicks: Number(startTicks), cgroup: cgroup === '-' ? undefined : cgroup });
  else if (op === 'forget') runs.delete(tag);
  else if (op === 'parent') parent = tag;
}
const sweep = () => sweepRuns(runs, parent);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    handle(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
  }
});
process.stdin.on('end', sweep);
process.stdin.on('error', sweep);
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) process.on(signal, sweep);
`;
