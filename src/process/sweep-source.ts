/**
 * The host-death sweep shared by the watchdog and the warm spawner's helper (both run as `node -e` in their
 * own session). `sweepRuns(runs, parent)` kills every run of `runs` (a Map of `{ tag, pgid, startTicks, cgroup }`):
 * a /proc scan for the session, the descendants and the tag, then `cgroup.kill`, the group and what the scan
 * found, repeated until a scan finds nothing (and every process it could not read, inside execve, reads again, up
 * to 100 ms each) or 1.5 s pass; then it removes the cgroup folders and exits.
 * Self-contained: the scan mirrors proc-scan.ts.
 */
export const SWEEP_SOURCE = String.raw`
const fs = require('fs');
const kill = (pid, signal) => { try { process.kill(pid, signal); } catch {} };
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
function entries() {
  const list = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let stat;
    try { stat = fs.readFileSync('/proc/' + name + '/stat', 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (f.length < 20 || f[0] === 'Z' || f[0] === 'X' || (Number(f[6]) & 0x00200000) !== 0) continue; // zombies, kernel threads
    list.push({ pid, ppid: Number(f[1]), pgid: Number(f[2]), sid: Number(f[3]), startTicks: Number(f[19]) });
  }
  return list;
}
// An environment that reads empty (inside execve, about 1 ms): the process may carry the tag; look again.
function members(run, list, unread) {
  const byPid = new Map(list.map((e) => [e.pid, e]));
  const verdict = new Map();
  const needle = Buffer.from('TERSH_RUN_ID=' + run.tag + '\0');
  const isMember = (e) => {
    if (verdict.has(e.pid)) return verdict.get(e.pid);
    verdict.set(e.pid, false);
    const up = byPid.get(e.ppid);
    const yes = e.startTicks >= run.startTicks && (e.pgid === run.pgid || e.sid === run.pgid || (up !== undefined && isMember(up)));
    verdict.set(e.pid, yes);
    return yes;
  };
  const tagged = (e) => {
    let env;
    try { env = fs.readFileSync('/proc/' + e.pid + '/environ'); } catch { return false; }
    if (env.length === 0) unread.push(e.pid + ':' + e.startTicks);
    const at = env.indexOf(needle);
    return at === 0 || (at > 0 && env[at - 1] === 0);
  };
  return list.filter((e) => e.startTicks >= run.startTicks && (isMember(e) || tagged(e))).map((e) => e.pid);
}
function rmdir(path) { try { fs.rmdirSync(path); return true; } catch (e) { return e.code === 'ENOENT'; } }
let sweeping = false;
function sweepRuns(runs, parent) {
  if (sweeping) return;
  sweeping = true;
  const deadline = Date.now() + 1500;
  const emptySince = new Map();
  for (;;) {
    // Scan before the first kill: a descendant is found through its parent only while that parent lives.
    const list = entries();
    const unread = [];
    const found = [...runs.values()].map((run) => members(run, list, unread));
    const now = Date.now();
    for (const key of unread) if (!emptySince.has(key)) emptySince.set(key, now);
    const waiting = unread.some((key) => now - emptySince.get(key) < 100);
    for (const run of runs.values()) {
      if (run.cgroup) { try { fs.writeFileSync(run.cgroup + '/cgroup.kill', '1'); } catch {} }
      kill(-run.pgid, 'SIGKILL');
    }
    for (const pids of found) for (const pid of pids) kill(pid, 'SIGKILL');
    if ((found.every((pids) => pids.length === 0) && !waiting) || Date.now() > deadline) break;
    pause(5);
  }
  const until = Date.now() + 500;
  for (const run of runs.values()) {
    if (!run.cgroup) continue;
    while (!rmdir(run.cgroup) && Date.now() < until) pause(10);
  }
  if (parent) {
    // The host's emptied run cgroups, kept for its next runs (host-lifetime.ts), go with its folder.
    try { for (const name of fs.readdirSync(parent, { withFileTypes: true })) if (name.isDirectory()) rmdir(parent + '/' + name.name); } catch {}
    rmdir(parent);
  }
  process.exit(0);
}
`;
