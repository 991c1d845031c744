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
