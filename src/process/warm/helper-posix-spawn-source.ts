/**
 * The warm helper's fastest spawn path, for helper-spawn-source.ts: glibc's `posix_spawn` called through koffi
 * (an FFI library, loaded in the helper only, never in the host). libuv forks the helper, copying its page
 * tables; posix_spawn clones with CLONE_VM|CLONE_VFORK and copies nothing. Measured here for `/bin/true`:
 * 0.8 ms a run and 0.07 ms of the helper's CPU, against 1.4 ms and 0.5 ms through libuv.
 *
 * `posixSpawnSpawner(socketPath, koffiPath)` is the `bindings` spawner (its environment pairs) with its own
 * `connect` (socket, connect and the tag line's write in one turn, no libuv handle) and `spawn`, giving what libuv gives: sockets made blocking, own session (setsid), signal mask empty and
 * every handler default, stdin `ignore` as /dev/null, no descriptor but 0-2, the program looked up in the run's
 * own PATH as execvp does (EACCES remembered, a file without a `#!` run by /bin/sh), and the exit (code, or
 * signal name) read by waitpid on SIGCHLD. Throws where koffi, glibc or one of its functions is missing; the caller then takes
 * `bindings`.
 */
export const HELPER_POSIX_SPAWN_SOURCE = String.raw`
function posixSpawnSpawner(socketPath, koffiPath) {
  if (!koffiPath) throw new Error('koffi is not installed');
  const bindings = bindingsSpawner(socketPath);
  const koffi = require(koffiPath);
  const libc = koffi.load('libc.so.6');
  const os = require('os');
  const c = {
    spawn: libc.func('int posix_spawn(_Out_ int *pid, const char *path, void *actions, void *attr, const char **argv, const char **envp)'),
    actionsInit: libc.func('int posix_spawn_file_actions_init(void *actions)'),
    actionsDestroy: libc.func('int posix_spawn_file_actions_destroy(void *actions)'),
    addDup2: libc.func('int posix_spawn_file_actions_adddup2(void *actions, int fd, int newfd)'),
    addOpen: libc.func('int posix_spawn_file_actions_addopen(void *actions, int fd, const char *path, int flags, uint32_t mode)'),
    addChdir: libc.func('int posix_spawn_file_actions_addchdir_np(void *actions, const char *path)'),
    addCloseFrom: libc.func('int posix_spawn_file_actions_addclosefrom_np(void *actions, int from)'),
    attrInit: libc.func('int posix_spawnattr_init(void *attr)'),
    setFlags: libc.func('int posix_spawnattr_setflags(void *attr, short flags)'),
    setSigMask: libc.func('int posix_spawnattr_setsigmask(void *attr, void *set)'),
    setSigDefault: libc.func('int posix_spawnattr_setsigdefault(void *attr, void *set)'),
    emptySet: libc.func('int sigemptyset(void *set)'),
    fillSet: libc.func('int sigfillset(void *set)'),
    waitpid: libc.func('int waitpid(int pid, _Out_ int *status, int options)'),
    socket: libc.func('int socket(int domain, int type, int protocol)'),
    connect: libc.func('int connect(int fd, const void *address, uint32_t length)'),
    write: libc.func('intptr_t write(int fd, const void *bytes, uintptr_t length)'),
    close: libc.func('int close(int fd)'),
    setsockopt: libc.func('int setsockopt(int fd, int level, int name, const void *value, uint32_t length)'),
  };
  // Larger than glibc's structures (posix_spawnattr_t 336 bytes, file actions 80, sigset_t 128 on x86_64).
  const STRUCT_BYTES = 1024;
  const SETSIGDEF = 0x04, SETSIGMASK = 0x08, SETSID = 0x80, WNOHANG = 1;
  const { O_RDONLY, O_RDWR } = fs.constants;
  const errno = { ENOENT: 2, ENOEXEC: 8, EACCES: 13, ENOTDIR: 20 };
  const searchGoesOn = new Set([errno.ENOENT, errno.EACCES, errno.ENOTDIR, 19 /* ENODEV */, 110 /* ETIMEDOUT */, 116 /* ESTALE */]);
  const check = (rc, what) => { if (rc !== 0) throw Object.assign(new Error(what + ' failed: ' + util.getSystemErrorName(-rc)), { errno: -rc, code: util.getSystemErrorName(-rc), syscall: what }); };
  const attr = Buffer.alloc(STRUCT_BYTES);
  const noSignals = Buffer.alloc(STRUCT_BYTES);
  const allSignals = Buffer.alloc(STRUCT_BYTES);
  check(c.attrInit(attr), 'posix_spawnattr_init');
  c.emptySet(noSignals);
  c.fillSet(allSignals);
  // sigfillset leaves out glibc's own two (SIGCANCEL 32, SIGSETXID 33), which its posix_spawn then leaves ignored
  // across exec; libuv's child has them default. The helper never sends them, so the child cannot take one early.
  if (os.endianness() === 'LE') for (const signal of [32, 33]) allSignals[(signal - 1) >> 3] |= 1 << ((signal - 1) & 7);
  check(c.setFlags(attr, SETSIGDEF | SETSIGMASK | SETSID), 'posix_spawnattr_setflags');
  check(c.setSigMask(attr, noSignals), 'posix_spawnattr_setsigmask');
  check(c.setSigDefault(attr, allSignals), 'posix_spawnattr_setsigdefault');

  const exits = new Map();
  const status = [0];
  const signalNames = Object.fromEntries(Object.entries(os.constants.signals).map(([name, number]) => [number, name]));
  process.on('SIGCHLD', () => {
    for (const [pid, onExit] of exits) {
      if (c.waitpid(pid, status, WNOHANG) !== pid) continue;
      exits.delete(pid);
      const signal = status[0] & 0x7f;
      if (signal === 0) onExit((status[0] >> 8) & 0xff, null);
      else onExit(null, signalNames[signal] || 'SIG' + signal);
    }
  });

  // The host's socket folder as a sockaddr_un: family AF_UNIX, then the path, NUL-terminated.
  const AF_UNIX = 1, SOCK_STREAM = 1, SOCK_CLOEXEC = 0o2000000, EINTR = 4;
  const address = Buffer.alloc(2 + Buffer.byteLength(socketPath) + 1);
  address.writeUInt16LE(AF_UNIX, 0);
  address.write(socketPath, 2);
  // The command's end of its output sockets may hold 1 MiB unread (the kernel caps it at net.core.wmem_max, and
  // doubles it), against 208 KiB: a command writing fast blocks less often. 1 GiB of 80-byte lines through run(),
  // 2 interleaved A/Bs of 7: 1 658 → 1 595 and 1 559 → 1 501 ms. A hint: where refused, the default stays.
  const SOL_SOCKET = 1, SO_SNDBUF = 7;
  const sendBufferBytes = Buffer.from(new Int32Array([1 << 20]).buffer); // an int, in this machine's byte order
  // A blocking socket (the command shares it, and libuv's child gets its sockets blocking), connected in this turn.
  // Where the host's listen queue is full (its loop stalled), the connect waits for the host to accept: libuv's
  // non-blocking connect failed with EAGAIN there. The tag line fits a fresh socket's buffer.
  function connectNow(line) {
    const fd = c.socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw uvError(-koffi.errno(), 'socket');
    c.setsockopt(fd, SOL_SOCKET, SO_SNDBUF, sendBufferBytes, 4);
    const fail = (syscall) => { const error = uvError(-koffi.errno(), syscall); c.close(fd); return error; };
    if (c.connect(fd, address, address.length) !== 0) {
      if (koffi.errno() !== EINTR) throw fail('connect');
      c.close(fd);
      return connectNow(line);
    }
    const bytes = Buffer.from(line);
    if (c.write(fd, bytes, bytes.length) !== bytes.length) throw fail('write');
    return { fd, setBlocking: () => 0, own: true };
  }

  let basePath;
  const pathOf = (m) => ('PATH' in m.set ? m.set.PATH : m.unset.includes('PATH') ? undefined : basePath);
  // execvp's search: every PATH entry in turn, EACCES kept for the end, an unreadable format run by /bin/sh.
  function candidates(m) {
    if (m.file.includes('/')) return [m.file];
    return (pathOf(m) ?? '/usr/bin:/bin').split(':').map((dir) => (dir === '' ? m.file : dir + '/' + m.file));
  }
  // A candidate stat finds missing fails as its exec would, without a clone (its errno; 0: exec decides).
  function errnoIfAbsent(file, cwd) {
    try {
      return fs.statSync(path.resolve(cwd || process.cwd(), file), { throwIfNoEntry: false }) === undefined ? errno.ENOENT : 0;
    } catch (error) {
      return error.code === 'ENOTDIR' ? errno.ENOTDIR : 0;
    }
  }
  function spawnFile(actions, file, argv, env) {
    const pid = [0];
    let rc = c.spawn(pid, file, actions, attr, argv, env);
    if (rc === errno.ENOEXEC) rc = c.spawn(pid, '/bin/sh', actions, attr, ['/bin/sh', file, ...argv.slice(1)], env);
    return rc === 0 ? { pid: pid[0] } : { rc };
  }
  return {
    ...bindings,
    name: 'posix_spawn',
    setBase(env) {
      bindings.setBase(env);
      basePath = env.PATH;
    },
    spawn(m, stdio, onExit, onError) {
      const actions = Buffer.alloc(STRUCT_BYTES);
      check(c.actionsInit(actions), 'posix_spawn_file_actions_init');
      try {
        stdio.forEach((s, fd) => {
          if (s === 'ignore') return check(c.addOpen(actions, fd, '/dev/null', fd === 0 ? O_RDONLY : O_RDWR, 0), 'posix_spawn_file_actions_addopen');
          // libuv's socket is non-blocking, and the command shares its open file: blocking, as libuv's child makes it.
          const blocked = s.setBlocking(true);
          if (blocked !== 0) throw uvError(blocked, 'setBlocking');
          check(c.addDup2(actions, s.fd, fd), 'posix_spawn_file_actions_adddup2');
        });
        if (m.cwd) check(c.addChdir(actions, m.cwd), 'posix_spawn_file_actions_addchdir_np');
        check(c.addCloseFrom(actions, 3), 'posix_spawn_file_actions_addclosefrom_np');
        const argv = [m.file, ...m.args, null];
        const env = [...bindings.envPairs(m), null];
        // execvp's outcome: the first start; else, past an error that ends the search, that error; else EACCES if a
        // candidate gave it, else the last candidate's error.
        let failed = errno.ENOENT;
        let denied = false;
        for (const file of candidates(m)) {
          const absent = errnoIfAbsent(file, m.cwd);
          const started = absent ? { rc: absent } : spawnFile(actions, file, argv, env);
          if (started.pid !== undefined) {
            exits.set(started.pid, onExit);
            return started.pid;
          }
          failed = started.rc;
          if (failed === errno.EACCES) denied = true;
          else if (!searchGoesOn.has(failed)) break;
        }
        onError(spawnError(-(denied && searchGoesOn.has(failed) ? errno.EACCES : failed), m.file));
        return undefined;
      } finally {
        c.actionsDestroy(actions);
      }
    },
    connect(line) {
      try {
        return Promise.resolve(connectNow(line));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close(socket) {
      if (socket.own) c.close(socket.fd);
      else bindings.close(socket);
    },
    forStart(m) {
      const other = bindings.forStart(m);
      return other === bindings ? this : other;
    },
  };
}
`;
