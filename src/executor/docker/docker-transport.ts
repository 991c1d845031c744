import type { Agent } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { TershError } from '../../errors.js';
import { RUN_TAG_VARIABLE } from '../../process/child-env.js';
import { SessionWatchdog, watchdogArgv } from '../session-watchdog.js';
import type { TargetChannel, TargetExecOptions, TargetOpenOptions, TargetOutput, TargetTransport } from '../types.js';
import { demultiplex } from './demultiplex.js';
import { engineAgent, engineRequest, startHijacked, type EngineEndpoint } from './engine-api.js';

export interface DockerTarget {
  endpoint: EngineEndpoint;
  container: string;
  user: string | undefined;
  workdir: string | undefined;
}

const EXEC_TIMEOUT_MS = 30_000;
const EXIT_POLLS = 50;
const EXIT_POLL_MS = 250;

interface ExecState {
  Running?: boolean;
  ExitCode?: number | null;
}

/** docker exec over the Engine API: one exec per process, its stdout and stderr demultiplexed, stdin on the hijacked socket. */
export function dockerTransport(target: DockerTarget): TargetTransport {
  const name = `docker:${target.container}`;
  const agent: Agent = engineAgent();
  const unavailable = (why: string): TershError =>
    new TershError('EXECUTOR_UNAVAILABLE', `${name}: ${why}`, {
      details: { executor: name, container: target.container, socketPath: target.endpoint.socketPath },
    });

  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
    try {
      return await engineRequest(target.endpoint, agent, method, path, body);
    } catch (error) {
      throw unavailable(`the Docker engine at ${target.endpoint.socketPath} cannot be reached (${(error as Error).message})`);
    }
  };

  /** Why the container cannot run a command (missing, stopped), or undefined when it can. */
  const containerProblem = async (): Promise<string | undefined> => {
    const inspected = await api('GET', `/containers/${encodeURIComponent(target.container)}/json`);
    if (inspected.status === 404) return `no container named ${target.container}`;
    const state = (inspected.body as { State?: { Running?: boolean; Status?: string; ExitCode?: number } } | undefined)?.State;
    if (inspected.status !== 200) return `the engine answered ${inspected.status} about the container`;
    return state?.Running
      ? undefined
      : `the container is ${state?.Status ?? 'not running'} (exit status ${state?.ExitCode ?? '?'})`;
  };

  const createExec = async (argv: readonly string[]): Promise<string> => {
    const created = await api('POST', `/containers/${encodeURIComponent(target.container)}/exec`, {
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      Cmd: argv,
      ...(target.user ? { User: target.user } : {}),
      ...(target.workdir ? { WorkingDir: target.workdir } : {}),
    });
    const id = (created.body as { Id?: string } | undefined)?.Id;
    if (created.status === 201 && id) return id;
    const problem = (await containerProblem()) ?? `exec refused (${created.status}): ${JSON.stringify(created.body)}`;
    throw unavailable(problem);
  };

  /** The exec's status once it has ended; `code: null` with `lost` when the container went away meanwhile. */
  const execExit = async (id: string): Promise<{ code: number | null; lost?: string }> => {
    for (let poll = 0; poll < EXIT_POLLS; poll += 1) {
      // A container that stopped took the command with it: its status says so, not the exec's (137 for any kill).
      const problem = await containerProblem().catch((error: Error) => error.message);
      if (problem) return { code: null, lost: `${name} stopped during the run: ${problem}` };
      const inspected = await api('GET', `/exec/${id}/json`).catch(() => undefined);
      const state = inspected?.body as ExecState | undefined;
      if (inspected?.status === 200 && state?.Running === false && typeof state.ExitCode === 'number')
        return { code: state.ExitCode };
      await delay(Math.min(2 ** poll, 100));
    }
    return { code: null, lost: `${name} reports the command still running after its streams closed` };
  };

  /**
   * The exec's exit: when its connection closes (at once, usually), or, while something it left behind holds the
   * streams open (the engine keeps them until then), from polling the exec's state.
   */
  const exitOf = (id: string, socket: Socket): Promise<{ code: number | null; lost?: string }> =>
    new Promise((resolve) => {
      let settled = false;
      const settle = (exit: { code: number | null; lost?: string }): void => {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        resolve(exit);
      };
      const poll = setInterval(() => {
        void api('GET', `/exec/${id}/json`).then(
          (inspected) => {
            const state = inspected.body as ExecState | undefined;
            if (inspected.status === 200 && state?.Running === false && typeof state.ExitCode === 'number')
              void execExit(id).then(settle);
          },
          () => undefined,
        );
      }, EXIT_POLL_MS);
      socket.once('close', () => void execExit(id).then(settle));
    });

  const start = async (argv: readonly string[]): Promise<{ id: string; socket: Socket }> => {
    const id = await createExec(argv);
    try {
      const socket = await startHijacked(target.endpoint, id);
      socket.setNoDelay(true);
      return { id, socket };
    } catch (error) {
      throw unavailable((await containerProblem().catch(() => undefined)) ?? (error as Error).message);
    }
  };

  // One for the executor: its exec's stdin closes when this host goes, by any means. It never holds the host's
  // event loop open, and is not polled (its socket's close says it ended).
  const watchdog = new SessionWatchdog(async () => {
    const { socket } = await start(watchdogArgv(RUN_TAG_VARIABLE));
    socket.unref();
    return {
      ...demultiplex(socket),
      stdin: socket,
      exit: new Promise((resolve) => socket.once('close', () => resolve({ code: null, lost: 'the watchdog ended' }))),
      close: () => socket.destroy(),
    };
  });

  const open = async (argv: readonly string[], options: TargetOpenOptions = {}): Promise<TargetChannel> => {
    const watch = options.watchTag === undefined ? undefined : await watchdog.watch(options.watchTag);
    let started: { id: string; socket: Socket };
    try {
      started = await start(argv);
    } catch (error) {
      watch?.end();
      throw error;
    }
    const { id, socket } = started;
    return {
      ...demultiplex(socket),
      stdin: socket,
      exit: exitOf(id, socket),
      close: () => socket.destroy(),
      ...(watch ? { watch } : {}),
    };
  };

  return {
    name,
    open,
    async exec(argv, options: TargetExecOptions = {}): Promise<TargetOutput> {
      let channel: TargetChannel;
      try {
        channel = await open(argv);
      } catch (error) {
        return { code: null, stdout: Buffer.alloc(0), stderr: (error as Error).message };
      }
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      channel.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      channel.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      channel.stdin.on('error', () => undefined);
      channel.stdin.end(options.input ?? '');
      const timer = setTimeout(() => channel.close(), options.timeoutMs ?? EXEC_TIMEOUT_MS);
      const { code } = await channel.exit;
      clearTimeout(timer);
      return { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') };
    },
    async close() {
      await watchdog.close();
      agent.destroy();
    },
  };
}
