import type { Socket } from 'node:net';
import { TershError } from '../../errors.js';
import { spawnIpcHelper, type IpcHelper } from '../spawn.js';
import { runProcesses } from '../proc-scan.js';
import { EnvBase } from './env-delta.js';
import { helperArgs } from './helper-args.js';
import type { LaunchRequest, ProcessExit } from '../launcher.js';
import type { FailedMessage, HelperMessage, HelperWrite, HostMessage, ReadyMessage } from './protocol.js';
import { TurnBatch, unbatch } from './turn-batch.js';
import { whenReady } from './when-ready.js';
import { ReleaseBatch } from './release-batch.js';
import { SocketFolder, type SocketsWire } from './socket-folder.js';

const SOCKETS_WAIT_MS = 5_000;

/** A launch as the helper takes it: `watch` instead of `detached`, and the cgroup the command is forked in. */
export interface WarmRequest extends Omit<LaunchRequest, 'detached'> {
  /** Killed by the helper if the host dies, until released. */
  watch: boolean;
  cgroup?: string | undefined;
  /** An empty cgroup kept for a next run, where the helper waits after this start: see `takeParking()`. */
  park?: string | undefined;
}

/** How a command ended; `error` when the helper died first and nothing knows its status. */
export type WarmExit = ProcessExit;

export interface WarmProcess {
  pid: number;
  /** The pid's start time, as the helper read it. */
  startTicks: number;
  /** It was forked in the request's cgroup (false: the helper could not join it, or there was none). */
  inCgroup: boolean;
  stdout: Socket;
  stderr: Socket;
  stdin: Socket | null;
  exit: Promise<WarmExit>;
  /** The run no longer dies with the host (nothing of it is left, or it is detached). */
  release(): void;
}

interface InFlight {
  request: WarmRequest;
  pid?: number;
  exited: boolean;
  resolveExit: (exit: WarmExit) => void;
  reject: (error: Error) => void;
  started: (pid: number, startTicks: number, inCgroup: boolean) => void;
  cancelSockets: () => void;
  /** Settles once the command's sockets are claimed (or never came), after `started`. */
  connecting?: Promise<unknown>;
}

function startError(message: FailedMessage): Error {
  const error = new Error(message.message) as NodeJS.ErrnoException & { spawnargs?: string[] };
  if (message.code !== undefined) error.code = message.code;
  if (message.errno !== undefined) error.errno = message.errno;
  if (message.syscall !== undefined) error.syscall = message.syscall;
  if (message.path !== undefined) error.path = message.path;
  return error;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
}

/**
 * The host's end of the warm spawner: one helper process (helper-source.ts) that forks every command, so
 * that starting one costs the host a message instead of a fork of its whole memory.
 */
export class WarmSpawner {
  private readonly runs = new Map<number, InFlight>();
  private readonly envBase = new EnvBase();
  private nextId = 1;
  private readonly releases = new ReleaseBatch((ids) => this.send({ op: 'release', ids }));
  private readonly starts = new TurnBatch<HostMessage>((message) => this.helper.send(message));
  private closed = false;
  private exited = false;
  /** The park named in the last start sent, not yet given to a run. */
  private parking: string | undefined;
  private readonly crashListeners = new Set<(reason: string) => void>();

  private constructor(
    private readonly helper: IpcHelper,
    private readonly sockets: SocketFolder,
    /** How the helper spawns (helper-spawn-source.ts). */
    readonly spawnPath: ReadyMessage['spawnPath'],
  ) {
    helper.onMessage((written) => {
      for (const message of unbatch(written as HelperWrite)) this.receive(message);
    });
    helper.onExit((code, signal) => this.helperExited(signal ? `signal ${signal}` : `code ${code}`));
  }

  static async start(): Promise<WarmSpawner> {
    const sockets = await SocketFolder.open();
    const env = { ...process.env };
    delete env.NODE_OPTIONS; // a loader hook of the host's (tsx, a profiler) is not needed by the helper
    let helper: IpcHelper | undefined;
    try {
      helper = await spawnIpcHelper(process.execPath, helperArgs(env, sockets.path), env);
      const ready = await whenReady(helper);
      return new WarmSpawner(helper, sockets, ready.spawnPath);
    } catch (error) {
      helper?.disconnect();
      sockets.close();
      throw error;
    }
  }

  get helperPid(): number {
    return this.helper.pid;
  }

  /** Runs started through it and not ended yet (a start in flight included). */
  get inFlight(): number {
    return this.runs.size;
  }

  /** False once the helper has exited (a crash, or close()). */
  get alive(): boolean {
    return !this.exited && !this.closed;
  }

  /** The empty cgroup the helper waits in (or will), for the next run to take as its own: it is forked there, no move. */
  takeParking(): string | undefined {
    const park = this.parking;
    this.parking = undefined;
    return park;
  }

  /** Called once if the helper dies without close(). */
  onCrash(listener: (reason: string) => void): void {
    this.crashListeners.add(listener);
  }

  /** Starts a command through the helper; rejects as spawn does (err.code ENOENT, EACCES…). */
  launch(request: WarmRequest): Promise<WarmProcess> {
    if (!this.alive) return Promise.reject(new TershError('SPAWN_FAILED', 'The warm spawner has stopped.'));
    const id = this.nextId++;
    const fds = request.stdin === 'pipe' ? [0, 1, 2] : [1, 2];
    const expected = this.sockets.expect(fds);
    return new Promise<WarmProcess>((resolve, reject) => {
      let resolveExit!: (exit: WarmExit) => void;
      const exit = new Promise<WarmExit>((done) => (resolveExit = done));
      const entry: InFlight = {
        request,
        exited: false,
        resolveExit: (outcome) => {
          entry.exited = true;
          this.settled(id);
          resolveExit(outcome);
        },
        reject: (error) => {
          this.runs.delete(id);
          this.hold();
          expected.cancel();
          reject(error);
        },
        started: (pid, startTicks, inCgroup) => {
          entry.pid = pid;
          const withSockets = (sockets: Map<number, Socket> | undefined): void => {
            if (!sockets)
              return entry.reject(
                new TershError(
                  'SPAWN_FAILED',
                  `The warm spawner's helper started ${request.file} but its output sockets never connected.`,
                ),
              );
            resolve({
              pid,
              startTicks,
              inCgroup,
              stdout: sockets.get(1)!,
              stderr: sockets.get(2)!,
              stdin: sockets.get(0) ?? null,
              exit,
              release: () => (request.watch ? this.release(id, entry.exited) : undefined),
            });
          };
          const arrived = expected.arrived(); // usually in by now (connected before the fork): no timer then
          entry.connecting = arrived ? Promise.resolve(withSockets(arrived)) : this.connected(expected.sockets).then(withSockets);
        },
        cancelSockets: expected.cancel,
      };
      this.runs.set(id, entry);
      this.hold();
      this.sendStart(id, request, expected.wire);
      const spares = this.sockets.sparesWanted();
      if (spares) this.starts.add({ op: 'spares', tokens: spares });
    });
  }

  /** Stops the helper (it kills what it still watches) and removes the socket folder. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.parking = undefined; // the helper goes home before it exits, and its sweep removes the folder
    this.releases.clear();
    this.starts.flush();
    this.helper.disconnect();
    this.sockets.close();
  }

  /** A run still going (detached) is released at once; an ended one with the next start. */
  private release(id: number, ended: boolean): void {
    if (ended) this.releases.add(id);
    else this.send({ op: 'release', ids: [id] });
  }

  private sendStart(id: number, request: WarmRequest, wire: SocketsWire): void {
    if (request.park !== undefined) this.parking = request.park;
    const { base, set, unset } = this.envBase.delta(request.env);
    if (base) this.starts.add({ op: 'base', env: base });
    // Written out whole, no spreads (a property after a spread is a slow path in Node 20's V8); JSON drops the
    // properties left undefined.
    this.starts.add({
      op: 'start',
      id,
      token: wire.token,
      spares: wire.spares,
      file: request.file,
      args: request.args,
      cwd: request.cwd,
      cgroup: request.cgroup,
      park: request.park,
      set,
      unset,
      umask: process.umask(),
      stdin: request.stdin === 'pipe',
      watch: request.watch ? { tag: request.tag, cgroup: request.cgroup } : null,
      release: this.releases.take(),
    });
  }

  private async connected(sockets: Promise<Map<number, Socket>>): Promise<Map<number, Socket> | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SOCKETS_WAIT_MS)));
    const found = await Promise.race([sockets, late]);
    clearTimeout(timer);
    return found;
  }

  private send(message: HostMessage): void {
    this.helper.send(message);
  }

  private receive(message: HelperMessage): void {
    if (message.op === 'ready') return;
    const entry = this.runs.get(message.id);
    if (!entry) return;
    if (message.op === 'started') entry.started(message.pid, message.startTicks, message.inCgroup);
    else if (message.op === 'failed') entry.reject(startError(message));
    else if (message.op === 'exit')
      entry.resolveExit({ code: message.code, signal: message.signal, ...(message.emptied ? { emptied: true } : {}) });
  }

  private settled(id: number): void {
    const entry = this.runs.get(id);
    if (entry?.exited) this.runs.delete(id);
    this.hold();
  }

  /** The channel keeps the host alive only while a run waits on it. */
  private hold(): void {
    if (!this.exited) this.helper.hold(this.runs.size > 0);
  }

  private helperExited(how: string): void {
    this.exited = true;
    const crashed = !this.closed;
    const reason = `The warm spawner's helper (pid ${this.helper.pid}) exited with ${how}`;
    const connecting: Array<Promise<unknown>> = [];
    for (const entry of [...this.runs.values()]) {
      if (entry.connecting) connecting.push(entry.connecting);
      if (entry.pid === undefined) {
        // It may have forked the command just before dying: the run tag finds it.
        for (const pid of runProcesses({ pgid: -1, startTicks: 0, tag: entry.request.tag })) killQuietly(pid);
        entry.reject(new TershError('SPAWN_FAILED', `${reason} before ${entry.request.file} started.`));
      } else {
        killQuietly(-entry.pid);
        entry.resolveExit({ code: null, signal: null, error: `${reason} while the command ran; its process group was killed.` });
      }
    }
    this.runs.clear();
    if (crashed) {
      // Sockets the helper connected before it died may still wait to be claimed: their runs resolve (with the error above)
      // once they are, rather than fail to start.
      void Promise.all(connecting).finally(() => this.sockets.close());
      for (const listener of this.crashListeners) listener(reason);
    }
  }
}
