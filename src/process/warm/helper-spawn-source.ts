/**
 * How the warm spawner's helper connects a command's sockets and spawns it, for helper-source.ts.
 * `chooseSpawner(socketPath, koffiPath)` returns `{ name, setBase(env), forStart(m), connect(line), spawn(m, stdio, onExit, onError),
 * close(socket) }`; `spawn` returns the pid, or undefined once it has called (or will call) `onError`:
 * - `posix_spawn`: the first choice, `bindings` with glibc's posix_spawn in place of libuv's fork
 *   (helper-posix-spawn-source.ts), where koffi loads and glibc has what it needs.
 * - `bindings`: libuv's own process and pipe handles, the ones `child_process.spawn` and `net` wrap, without
 *   their JS layers (ChildProcess, the env object turned into an array on every call, net.Socket streams): the base
 *   environment is kept as a ready `NAME=value` array and each run's differences applied to it. Measured here:
 *   the helper's CPU per spawn falls from 4.0 to 2.4 ms.
 * - `portable`: `child_process.spawn` and `net.createConnection`, where `process.binding` is gone, when the
 *   environment says `TERSH_WARM_SPAWN_PATH=portable` (tests; `=bindings` skips posix_spawn), and for a start whose strings hold a NUL byte.
 * Both report what `child_process.spawn` raises for a program that cannot start (code, errno, syscall, path).
 */
export const HELPER_SPAWN_SOURCE = String.raw`
const util = require('util');
function spawnError(errno, file) {
  const code = util.getSystemErrorName(errno);
  // What child_process.spawn says: the file in the syscall for run-time errors, 'spawn' alone for the others.
  const runtime = ['EACCES', 'EAGAIN', 'EMFILE', 'ENFILE', 'ENOENT'].includes(code);
  const syscall = runtime ? 'spawn ' + file : 'spawn';
  const error = new Error(syscall + ' ' + code);
  Object.assign(error, { errno, code, syscall }, runtime ? { path: file } : {});
  return error;
}
// The host's listen queue is full (its loop stalled): a non-blocking connect fails with EAGAIN; try again shortly.
const UV_EAGAIN = -11;
const QUEUE_FULL_RETRY_MS = 5;
const uvError = (errno, syscall) => Object.assign(new Error(syscall + ' ' + util.getSystemErrorName(errno)), { errno, code: util.getSystemErrorName(errno), syscall });
function portableSpawner(socketPath) {
  const { spawn } = require('child_process');
  const net = require('net');
  let base = {};
  return {
    name: 'portable',
    setBase(env) { base = env; },
    connect(line) {
      return new Promise((resolve, reject) => {
        const attempt = () => {
          const socket = net.createConnection(socketPath);
          socket.once('error', (error) => (error.code === 'EAGAIN' ? setTimeout(attempt, QUEUE_FULL_RETRY_MS) : reject(error)));
          // Paused: the helper must never read what the host writes to the command's stdin.
          socket.once('connect', () => { socket.pause(); socket.write(line, (error) => (error ? reject(error) : resolve(socket))); });
        };
        attempt();
      });
    },
    spawn(m, stdio, onExit, onError) {
      const env = Object.assign({}, base, m.set);
      for (const name of m.unset) delete env[name];
      const child = spawn(m.file, m.args, { cwd: m.cwd, env, detached: true, stdio });
      // Node reports a program that cannot start on the next tick, with no pid.
      child.once('error', child.pid === undefined ? onError : () => undefined);
      child.once('exit', onExit);
      return child.pid;
    },
    forStart() { return this; },
    close(socket) { socket.destroy(); },
  };
}
function bindingsSpawner(socketPath) {
  const { Process } = process.binding('process_wrap');
  const { Pipe, PipeConnectWrap, constants } = process.binding('pipe_wrap');
  const portable = portableSpawner(socketPath);
  let pairs = [];
  let names = [];
  let baseHasNul = false;
  const hasNul = (m) => baseHasNul || [m.file, m.cwd, ...m.args, ...Object.keys(m.set), ...Object.values(m.set)].some((s) => String(s).includes('\0'));
  function envPairs(m) {
    const changed = Object.keys(m.set);
    if (changed.length === 0 && m.unset.length === 0) return pairs;
    const drop = new Set([...changed, ...m.unset]);
    const env = [];
    for (let i = 0; i < names.length; i++) if (!drop.has(names[i])) env.push(pairs[i]);
    for (const name of changed) env.push(name + '=' + m.set[name]);
    return env;
  }
  return {
    name: 'bindings',
    envPairs,
    setBase(env) {
      portable.setBase(env);
      names = Object.keys(env);
      pairs = names.map((name) => name + '=' + env[name]);
      baseHasNul = pairs.some((pair) => pair.includes('\0'));
    },
    connect(line) {
      return new Promise((resolve, reject) => {
        const handle = new Pipe(constants.SOCKET);
        const request = new PipeConnectWrap();
        // Handlers are assigned from names: a function literal assigned to a property is allocated old (docs/style.md).
        const completed = (status) => {
          if (status === UV_EAGAIN) {
            handle.close();
            setTimeout(() => this.connect(line).then(resolve, reject), QUEUE_FULL_RETRY_MS);
            return;
          }
          try {
            if (status < 0) throw uvError(status, 'connect');
            // A fresh socket's buffer takes the tag line at once; the helper never reads from it.
            fs.writeSync(handle.fd, line);
            resolve(handle);
          } catch (error) {
            handle.close();
            reject(error);
          }
        };
        request.oncomplete = completed;
        handle.connect(request, socketPath);
      });
    },
    spawn(m, stdio, onExit, onError) {
      const handle = new Process();
      const exited = (code, signal) => { handle.close(); onExit(signal ? null : code, signal || null); };
      handle.onexit = exited;
      const errno = handle.spawn({
        file: m.file, args: [m.file, ...m.args], cwd: m.cwd, envPairs: envPairs(m), detached: true,
        stdio: stdio.map((s) => (s === 'ignore' ? { type: 'ignore' } : { type: 'wrap', handle: s })),
        windowsHide: false, windowsVerbatimArguments: false,
      });
      if (errno === 0) return handle.pid;
      handle.close();
      onError(spawnError(errno, m.file));
      return undefined;
    },
    // Node's spawn rejects a NUL byte with its own error, where these bindings would cut the string there.
    forStart(m) { return hasNul(m) ? portable : this; },
    close(handle) { handle.close(); },
  };
}
function chooseSpawner(socketPath, koffiPath) {
  const wanted = process.env.TERSH_WARM_SPAWN_PATH;
  if (wanted === 'portable') return portableSpawner(socketPath);
  if (wanted !== 'bindings') try { return posixSpawnSpawner(socketPath, koffiPath); } catch {}
  try { return bindingsSpawner(socketPath); } catch { return portableSpawner(socketPath); }
}
`;
