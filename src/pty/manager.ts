import { resolve } from 'node:path';
import { TershError } from '../errors.js';
import { buildChildEnv } from '../process/child-env.js';
import { screenCommand } from '../run/run-policy.js';
import { optionalInteger, readOptionsObject } from '../validate.js';
import { startRecord, type RecordStore } from '../store/index.js';
import type { Policy } from '../plan/index.js';
import { loadPty } from './load-pty.js';
import { normalizeOpenOptions } from './options.js';
import { watchPrompt } from './prompt.js';
import { holdSession } from './session-processes.js';
import { TerminalSession } from './session.js';
import type { PtyManager, PtyOpenOptions, PtySession } from './types.js';

const IDLE_CHECK_MAX_MS = 60_000;

/**
 * Pseudo-terminal sessions for interactive programs (shells, REPLs, debuggers): capped in number and
 * idle time, each step's output in the record store, nothing left running after `closeAll` or the host's exit.
 * Needs the optional dependency `@lydell/node-pty`; POSIX only.
 */
export function createPtyManager(options: {
  /** Where transcripts and step outputs are recorded. */
  store: RecordStore;
  /** Policy applied to each line sent to a shell session while it is at its prompt. */
  policy?: Policy;
  /** Default working directory. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Variables added to every session's environment. */
  env?: Record<string, string>;
  /** Most sessions open at once. @defaultValue 8 */
  maxSessions?: number;
  /** A session unused for this long is closed. @defaultValue 1 800 000 (30 min) */
  idleMs?: number;
}): PtyManager {
  const raw = readOptionsObject('options', options, ['store', 'policy', 'cwd', 'env', 'maxSessions', 'idleMs']);
  const maxSessions = optionalInteger('maxSessions', raw.maxSessions, { min: 1, max: 256 }) ?? 8;
  const idleMs = optionalInteger('idleMs', raw.idleMs, { min: 1_000 }) ?? 30 * 60_000;
  const sessions = new Map<string, TerminalSession>();
  let idleTimer: NodeJS.Timeout | undefined;

  const forget = (session: TerminalSession): void => {
    sessions.delete(session.id);
    if (sessions.size > 0) return;
    clearInterval(idleTimer);
    idleTimer = undefined;
  };
  const closeIdle = (): void => {
    const now = Date.now();
    for (const session of sessions.values()) if (!session.busy && now - session.lastUsed > idleMs) void session.close();
  };

  return {
    async open(openOptions?: PtyOpenOptions): Promise<PtySession> {
      const opts = normalizeOpenOptions(openOptions);
      if (sessions.size >= maxSessions)
        throw new TershError(
          'PTY_LIMIT',
          `${sessions.size} PTY sessions are open (maxSessions ${maxSessions}); close one first.`,
          { details: { maxSessions } },
        );
      const commandLine = [opts.command, ...(opts.args ?? [])].join(' ');
      const screening = await screenCommand(commandLine, options.policy);
      if (screening.decision?.action === 'block') {
        throw new TershError('PTY_BLOCKED', `[BLOCKED] Not opened: ${screening.decision.reason ?? 'denied by policy'}`, {
          details: { rule: screening.decision.rule },
        });
      }
      const pty = await loadPty();
      const cwd = resolve(options.cwd ?? process.cwd(), opts.cwd ?? '.');
      const watch = watchPrompt(opts.command, opts.args, opts.prompt);
      const transcript = startRecord(options.store, { command: commandLine, cwd, kind: 'pty' });
      const env = buildChildEnv(process.env, { TERM: 'dumb', ...options.env, ...watch.env, ...opts.env }, transcript.id);
      let proc;
      try {
        proc = pty.spawn(opts.command, watch.args, {
          name: env.TERM ?? 'dumb',
          cols: opts.cols,
          rows: opts.rows,
          cwd,
          env,
          encoding: null,
        });
      } catch (cause) {
        watch.dispose();
        await transcript.finish({ exit: null, kind: 'pty' });
        throw new TershError('SPAWN_FAILED', `Could not start ${opts.command} on a terminal: ${(cause as Error).message}`, {
          cause,
        });
      }
      const processes = holdSession(proc.pid, transcript.id);
      const session = new TerminalSession({
        proc,
        watch,
        transcript,
        store: options.store,
        policy: options.policy,
        command: commandLine,
        cwd,
        processes,
        onClosed: forget,
      });
      sessions.set(session.id, session);
      idleTimer ??= setInterval(closeIdle, Math.min(idleMs, IDLE_CHECK_MAX_MS)).unref();
      const prompted = watch.shell !== undefined || watch.pattern !== undefined ? await session.start(opts.startTimeoutMs) : true;
      if (!prompted && session.closed) {
        throw new TershError(
          'SPAWN_FAILED',
          `${opts.command} exited before its first prompt; its transcript is record ${session.id}.`,
          { details: { id: session.id } },
        );
      }
      if (!prompted) {
        await session.close();
        throw new TershError(
          'SPAWN_FAILED',
          `${opts.command} showed no prompt within ${opts.startTimeoutMs} ms (pass \`prompt\` for a program that is not a shell); its transcript is record ${session.id}.`,
          { details: { id: session.id } },
        );
      }
      return session;
    },
    get(id) {
      const session = sessions.get(id);
      if (!session)
        throw new TershError('PTY_NOT_FOUND', `No open PTY session "${String(id)}"; open one with pty.open().`, {
          details: { id },
        });
      return session;
    },
    list: () => [...sessions.values()],
    async closeAll() {
      await Promise.all([...sessions.values()].map((session) => session.close()));
    },
  };
}
