// The only file of tersh that touches node:child_process.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { closingInheritedFds, inheritableFds } from './inherited-fds.js';
import type { LaunchRequest, ProcessExit } from './launcher.js';

export type SpawnRequest = Pick<LaunchRequest, 'file' | 'args' | 'cwd' | 'env' | 'stdin'>;

export interface SpawnedChild {
  child: ChildProcess;
  pid: number;
  exit: Promise<ProcessExit>;
}

/**
 * Starts the child as the leader of a new session and process group (so no controlling terminal
 * and one group to kill), with stdout and stderr piped, and no other descriptor of the host (see inherited-fds.ts).
 * Rejects when the OS refuses to start it.
 */
export function spawnChild(request: SpawnRequest): Promise<SpawnedChild> {
  return new Promise((resolve, reject) => {
    const { file, args } = closingInheritedFds(request, inheritableFds());
    const child = spawn(file, args, {
      cwd: request.cwd,
      env: request.env,
      detached: process.platform !== 'win32',
      stdio: [request.stdin, 'pipe', 'pipe'],
      windowsHide: true,
    });
    const onError = (error: Error): void => reject(error);
    child.once('error', onError);
    child.once('spawn', () => {
      child.off('error', onError);
      const exit = new Promise<ProcessExit>((settle) => child.once('exit', (code, signal) => settle({ code, signal })));
      resolve({ child, pid: child.pid!, exit });
    });
  });
}

/**
 * Starts a helper process that tersh talks to through its stdin (the watchdog): its own session, no output,
 * and neither it nor the pipe keeps the host's event loop alive. Undefined when it cannot start.
 */
export function spawnHelper(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Writable | undefined {
  try {
    const child = spawn(file, args as string[], { env, detached: true, stdio: ['pipe', 'ignore', 'ignore'], windowsHide: true });
    child.once('error', () => undefined);
    child.unref();
    const input = child.stdin as Socket | null;
    input?.unref();
    return input ?? undefined;
  } catch {
    return undefined;
  }
}

/** A helper process the host talks to over Node's IPC channel (the warm spawner's). */
export interface IpcHelper {
  pid: number;
  send(message: object): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Whether the channel keeps the host's event loop alive (only while runs wait on it). */
  hold(held: boolean): void;
  /** Closes the channel: the helper sweeps what it watches and exits. */
  disconnect(): void;
}

/**
 * Starts a helper with an IPC channel as its fd 3, in its own session, no output, and none of the host's
 * inheritable descriptors (so none reaches what it spawns). Rejects when it cannot start.
 */
export function spawnIpcHelper(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<IpcHelper> {
  return new Promise((resolve, reject) => {
    // libuv puts the channel on fd 3 over whatever the host had there.
    const closed = closingInheritedFds(
      { file, args },
      inheritableFds().filter((fd) => fd !== 3),
    );
    const child = spawn(closed.file, closed.args, {
      env,
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
      windowsHide: true,
    });
    child.once('error', reject);
    child.once('spawn', () => {
      child.off('error', reject);
      child.on('error', () => undefined); // a send racing the helper's death
      child.unref();
      child.channel?.unref();
      resolve({
        pid: child.pid!,
        send: (message) => {
          if (child.connected) child.send(message);
        },
        onMessage: (listener) => child.on('message', listener),
        onExit: (listener) => child.once('exit', listener),
        hold: (held) => (held ? child.channel?.ref() : child.channel?.unref()),
        disconnect: () => {
          if (child.connected) child.disconnect();
        },
      });
    });
  });
}
