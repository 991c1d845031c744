import { SWEEP_SOURCE } from '../sweep-source.js';
import { HELPER_POSIX_SPAWN_SOURCE } from './helper-posix-spawn-source.js';
import { HELPER_SPAWN_SOURCE } from './helper-spawn-source.js';

/**
 * The warm spawner's helper, run as `node -e <source> <socket path> [<koffi's path>]` in its own session, started once per
 * host: it forks every command so the host never does (protocol.ts has the messages). For each `start` it
 * connects the command's stdout, stderr (and stdin) back to the host's private socket folder, each with its
 * `<token>:<fd>` line, spawns the command detached (own session and group) with those sockets as its
 * descriptors, closes its own copies, and reports the pid, then the exit (helper-spawn-source.ts). It is a
 * watchdog too: when the IPC channel closes (the host died, SIGKILL included) or on SIGTERM, SIGHUP or SIGINT,
 * it kills every run it started and was not told to release, removes the host's cgroup folder, then exits
 * (sweep-source.ts). It says `ready` once it listens, with the spawn path it took.
 * A command with a `cgroup` is forked inside it: the helper moves itself there for the synchronous spawn (0.1 ms,
 * against 6-8 ms for a `/bin/sh` wrapper that moves itself, then execs the command), then into the start's `park`, the
 * empty cgroup the host keeps for its next run (so that run's fork needs no move), else back to its own.
 */
export const WARM_HELPER_SOURCE = String.raw`
'use strict';
${SWEEP_SOURCE}
${HELPER_SPAWN_SOURCE}
${HELPER_POSIX_SPAWN_SOURCE}
const [socketPath, koffiPath] = process.argv.slice(1);
const path = require('path');
const chosen = chooseSpawner(socketPath, koffiPath);
const watched = new Map();
let cgroupParent;
let homeCgroup; // the helper's own cgroup.procs, open (null: none), found before its first move
// The messages of one turn go as one write at its end (turn-batch.ts on the host's side).
let outbox = [];
function flushOutbox() {
  const messages = outbox;
  outbox = [];
  if (process.connected) process.send(messages.length === 1 ? messages[0] : { op: 'batch', messages });
}
const send = (message) => { if (outbox.push(message) === 1) setImmediate(flushOutbox); };
// One read into a buffer kept for it (readFileSync makes five calls of a /proc file); the start time is its 22nd field.
const statBuffer = Buffer.alloc(1024);
function startTicksOf(pid) {
  try {
    const fd = fs.openSync('/proc/' + pid + '/stat', 'r');
    let length;
    try { length = fs.readSync(fd, statBuffer, 0, statBuffer.length, 0); } finally { fs.closeSync(fd); }
    const stat = statBuffer.toString('latin1', 0, length);
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch { return 0; }
}
function openHomeCgroup() {
  try {
    const mount = fs.readFileSync('/proc/self/mounts', 'utf8').split('\n').map((line) => line.split(' ')).find((f) => f[2] === 'cgroup2');
    const own = fs.readFileSync('/proc/self/cgroup', 'utf8').split('\n').find((line) => line.startsWith('0::'));
    return mount && own !== undefined ? fs.openSync(path.join(mount[1], own.slice(3), 'cgroup.procs'), 'w') : null;
  } catch { return null; }
}
const pidLine = process.pid + '\n';
// Run cgroups' cgroup.procs, kept open (the host reuses its cgroups): an open and a close fewer for each move and read.
// A removed cgroup's file fails with ENODEV (it never blocks the removal); one made again under that name is opened anew.
const cgroupFiles = new Map();
const MOST_CGROUP_FILES = 32;
function cgroupFile(folder) {
  let fd = cgroupFiles.get(folder);
  if (fd === undefined) {
    // Read and written (a file writable only, which no cgroup has by default, is written; its read then says 'not emptied').
    try { fd = fs.openSync(folder + '/cgroup.procs', 'r+'); } catch { fd = fs.openSync(folder + '/cgroup.procs', 'w'); }
    if (cgroupFiles.size >= MOST_CGROUP_FILES) forgetCgroupFile(cgroupFiles.keys().next().value);
    cgroupFiles.set(folder, fd);
  }
  return fd;
}
function forgetCgroupFile(folder) {
  const fd = cgroupFiles.get(folder);
  cgroupFiles.delete(folder);
  if (fd !== undefined) try { fs.closeSync(fd); } catch {}
}
function enterCgroup(folder) {
  const cached = cgroupFiles.has(folder);
  try { fs.writeSync(cgroupFile(folder), pidLine); return true; } catch {
    forgetCgroupFile(folder);
    return cached && enterCgroup(folder);
  }
}
// After the command's exit, an empty cgroup stays empty (only its members fork into it): the host need not read it.
const firstByte = Buffer.alloc(1);
function cgroupEmptied(folder) {
  try { return fs.readSync(cgroupFile(folder), firstByte, 0, 1, 0) === 0; } catch { forgetCgroupFile(folder); return false; }
}
// Where the helper is: null in its own cgroup, else the run cgroup it forked in or waits in (a start's \`park\`).
let current = null;
// The id of the latest start forked in each cgroup: a park a later start has forked in already is taken (its run may
// be going on there), and the helper never waits in it.
const lastFork = new Map();
const MOST_FORK_RECORDS = 256;
function goHome() {
  if (current === null) return true;
  try { fs.writeSync(homeCgroup, pidLine); current = null; return true; } catch { return false; }
}
function forkIn(folder, id) {
  if (current !== folder && !enterCgroup(folder)) return false;
  current = folder;
  lastFork.delete(folder);
  lastFork.set(folder, id);
  if (lastFork.size > MOST_FORK_RECORDS) lastFork.delete(lastFork.keys().next().value);
  return true;
}
// After a fork: wait in the start's park when it is still free (one move a run, none before the next fork), else at home.
function settle(m) {
  if (m.park && m.park !== m.cgroup && !(lastFork.get(m.park) > m.id) && (current === m.park || enterCgroup(m.park))) {
    current = m.park;
    return true;
  }
  return goHome();
}
function failure(id, error) {
  return { op: 'failed', id, message: error.message, code: error.code, errno: error.errno, syscall: error.syscall, path: error.path };
}
// Connections made ahead of the starts that name them (\`spares\`), by token.
const spares = new Map();
function connectSpares(tokens) {
  for (const token of tokens) {
    const socket = chosen.connect(token + ':s\n');
    socket.catch(() => undefined); // a start that names it says so
    spares.set(token, socket);
  }
}
function takeSpare(token) {
  const socket = spares.get(token);
  spares.delete(token);
  return socket || Promise.reject(new Error('no spare connection ' + token));
}
async function start(m) {
  const spawner = chosen.forStart(m);
  // A spare was made by the chosen spawner (another takes a start only to fail it as Node's spawn would).
  const closer = m.spares ? chosen : spawner;
  const fds = m.stdin ? [0, 1, 2] : [1, 2];
  let sockets;
  try {
    sockets = await Promise.all(m.spares ? m.spares.map(takeSpare) : fds.map((fd) => spawner.connect(m.token + ':' + fd + '\n')));
  } catch (error) {
    // The cgroup the helper waits in was kept for this run, which now ends: the host takes it back empty.
    goHome();
    send(failure(m.id, error));
    return;
  }
  const stdio = m.stdin ? sockets : ['ignore', ...sockets];
  if (m.cgroup && homeCgroup === undefined) homeCgroup = openHomeCgroup();
  const inCgroup = Boolean(m.cgroup && homeCgroup !== null && forkIn(m.cgroup, m.id));
  // A command without a cgroup of its own is forked in the helper's, never in a run's or a park.
  if (!inCgroup && !goHome()) {
    send(failure(m.id, new Error('The warm spawner could not return to its own cgroup.')));
    for (const socket of sockets) closer.close(socket);
    sweep();
    return;
  }
  let pid;
  try {
    process.umask(m.umask);
    const exited = (code, signal) =>
      send(inCgroup && cgroupEmptied(m.cgroup) ? { op: 'exit', id: m.id, code, signal, emptied: true } : { op: 'exit', id: m.id, code, signal });
    pid = spawner.spawn(m, stdio, exited, (error) => send(failure(m.id, error)));
  } catch (error) {
    send(failure(m.id, error));
    return;
  } finally {
    // Stuck in a run's cgroup, the helper would die with that run's kill: it stops instead, as in a crash.
    if (inCgroup && !settle(m)) sweep();
    // The command holds its own copies; closing the helper's (no shutdown) leaves them open for it.
    for (const socket of sockets) closer.close(socket);
  }
  if (pid === undefined) return;
  const startTicks = startTicksOf(pid);
  if (m.watch) watched.set(m.id, { tag: m.watch.tag, pgid: pid, startTicks, cgroup: m.watch.cgroup });
  if (m.watch && m.watch.cgroup) cgroupParent = path.dirname(m.watch.cgroup);
  send({ op: 'started', id: m.id, pid, startTicks, inCgroup });
}
const release = (ids) => { for (const id of ids) watched.delete(id); };
process.on('message', (written) => {
  for (const m of written.op === 'batch' ? written.messages : [written]) receive(m);
});
function receive(m) {
  if (m.op === 'start') {
    if (m.release) release(m.release);
    void start(m);
  } else if (m.op === 'release') release(m.ids);
  else if (m.op === 'base') chosen.setBase(m.env);
  else if (m.op === 'spares') connectSpares(m.tokens);
}
// Home first: a cgroup the helper waits in could not be removed, nor could the host's folder.
const sweep = () => { goHome(); sweepRuns(watched, cgroupParent); };
process.on('disconnect', sweep);
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) process.on(signal, sweep);
send({ op: 'ready', spawnPath: chosen.name });
`;
