import { SWEEP_SOURCE } from '../sweep-source.js';

/**
 * The warm spawner's helper, run as `node -e <source> <socket path>` in its own session, started once per
 * host: it forks every command so the host never does (protocol.ts has the messages). For each `start` it
 * connects the command's stdout, stderr (and stdin) back to the host's private socket folder, each with its
 * `<token>:<fd>` line, spawns the command detached (own session and group) with those sockets as its
 * descriptors, closes its own copies, and reports the pid, then the exit. It is a watchdog too: when the IPC
 * channel closes (the host died, SIGKILL included) or on SIGTERM, SIGHUP or SIGINT, it kills every run it
 * started and was not told to release, removes the host's cgroup folder, then exits (sweep-source.ts). It says `ready` once it listens.
 */
export const WARM_HELPER_SOURCE = String.raw`
'use strict';
${SWEEP_SOURCE}
const { spawn } = require('child_process');
const net = require('net');
const socketPath = process.argv[1];
const path = require('path');
const watched = new Map();
let base = {};
let cgroupParent;
const send = (message) => { if (process.connected) process.send(message); };
function startTicksOf(pid) {
  try { const stat = fs.readFileSync('/proc/' + pid + '/stat', 'utf8'); return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]); } catch { return 0; }
}
function connect(line) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once('error', reject);
    // Paused: the helper must never read what the host writes to the command's stdin.
    socket.once('connect', () => { socket.pause(); socket.write(line, (error) => (error ? reject(error) : resolve(socket))); });
  });
}
function failure(id, error) {
  return { op: 'failed', id, message: error.message, code: error.code, errno: error.errno, syscall: error.syscall, path: error.path };
}
async function start(m) {
  const fds = m.stdin ? [0, 1, 2] : [1, 2];
  let sockets;
  try {
    sockets = await Promise.all(fds.map((fd) => connect(m.token + ':' + fd + '\n')));
  } catch (error) {
    send(failure(m.id, error));
    return;
  }
  const env = Object.assign({}, base, m.set);
  for (const name of m.unset) delete env[name];
  const stdio = m.stdin ? sockets : ['ignore', ...sockets];
  let child;
  try {
    process.umask(m.umask);
    child = spawn(m.file, m.args, { cwd: m.cwd, env, detached: true, stdio });
  } catch (error) {
    for (const socket of sockets) socket.destroy();
    send(failure(m.id, error));
    return;
  }
  // The command holds its own copies; closing the helper's (no shutdown) leaves them open for it.
  for (const socket of sockets) socket.destroy();
  child.once('error', (error) => send(failure(m.id, error)));
  child.once('spawn', () => {
    const startTicks = startTicksOf(child.pid);
    if (m.watch) watched.set(m.id, { tag: m.watch.tag, pgid: child.pid, startTicks, cgroup: m.watch.cgroup });
    if (m.watch && m.watch.cgroup) cgroupParent = path.dirname(m.watch.cgroup);
    send({ op: 'started', id: m.id, pid: child.pid, startTicks });
  });
  child.once('exit', (code, signal) => send({ op: 'exit', id: m.id, code, signal }));
}
const release = (ids) => { for (const id of ids) watched.delete(id); };
process.on('message', (m) => {
  if (m.op === 'start') {
    if (m.release) release(m.release);
    void start(m);
  } else if (m.op === 'release') release(m.ids);
  else if (m.op === 'base') base = m.env;
});
const sweep = () => sweepRuns(watched, cgroupParent);
process.on('disconnect', sweep);
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) process.on(signal, sweep);
send({ op: 'ready' });
`;
