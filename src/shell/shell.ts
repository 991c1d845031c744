import { resolve } from 'node:path';
import { createCheckpointStore, type CheckpointStore } from '../checkpoint/index.js';
import { TershError } from '../errors.js';
import { createJobManager } from '../jobs/index.js';
import { plan } from '../plan/index.js';
import { buildChildEnv } from '../process/child-env.js';
import { normalizePolicy } from '../run/run-policy.js';
import { resolveCommand } from '../run/resolve-command.js';
import { run, type RunOptions, type RunResult } from '../run/index.js';
import { createRecordStore } from '../store/index.js';
import { optionalString, readOptionsObject } from '../validate.js';
import { diffEnv } from './env-diff.js';
import { normalizeShellOptions, SHELL_RUN_KEYS } from './options.js';
import { SessionCapture, type PreparedCapture } from './session-capture.js';
import { shellPty } from './shell-pty.js';
import type { Shell, ShellOptions, ShellRunOptions } from './types.js';

/**
 * Creates a shell session: the working directory persists across commands, and one record store,
 * one job manager, one policy and one set of run defaults serve every command.
 */
export function createShell(options?: ShellOptions): Shell {
  const settings = normalizeShellOptions(options);
  const store = createRecordStore(settings.storeDir === undefined ? {} : { dir: settings.storeDir });
  const jobs = createJobManager({ ...settings.jobs });
  const capture = new SessionCapture(settings.persistEnv);
  let cwd = settings.cwd;
  let env = { ...settings.env };
  let checkpointStore: CheckpointStore | undefined;
  let closing: Promise<void> | undefined;
  /** Foreground runs in progress, ended by close() (a detached one is not listed). */
  const foreground = new Map<AbortController, Promise<unknown>>();

  const ensureOpen = (): void => {
    if (closing) throw new TershError('SHELL_CLOSED', 'This shell is closed; create a new one with createShell().');
  };
  const pty = shellPty({
    store,
    policy: normalizePolicy(settings.policy),
    sandboxed: settings.sandbox !== undefined && settings.sandbox !== false,
    cwd: () => cwd,
    env: () => env,
    ensureOpen,
  });
  const checkpoints = (): CheckpointStore => (checkpointStore ??= createCheckpointStore(settings.checkpointDir === undefined ? {} : { dir: settings.checkpointDir }));

  /** Foreground bash runs in the session's own directory report where they ended. */
  const prepareCapture = (command: string | readonly string[], merged: Record<string, unknown>, runEnv: Record<string, string>): PreparedCapture | undefined => {
    // A sandboxed command sees a private /tmp, where the trap's file is not.
    if (merged.background === true || merged.cwd !== undefined || merged.sandbox || settings.sandbox || typeof command !== 'string') return undefined;
    try {
      const resolved = resolveCommand(command, {
        shell: merged.shell as RunOptions['shell'],
        pipefail: merged.pipefail === true,
        env: { ...process.env, ...runEnv },
      });
      return resolved.shellKind === 'bash' ? capture.prepare() : undefined;
    } catch {
      return undefined; // run() reports the same problem
    }
  };

  const learn = async (prepared: PreparedCapture, given: Record<string, string>, result: RunResult): Promise<void> => {
    const state = await capture.collect(prepared.outFile);
    if (!state || result.jobId !== undefined || closing) return;
    if (state.cwd) cwd = state.cwd;
    if (state.env) {
      const changes = diffEnv(buildChildEnv(process.env, given, ''), state.env);
      env = { ...env, ...changes.set };
      for (const name of changes.unset) delete env[name];
    }
  };

  const shell: Shell = {
    get cwd() {
      return cwd;
    },

    get jobs() {
      ensureOpen();
      return jobs;
    },

    get pty() {
      ensureOpen();
      return pty;
    },

    async run(command, runOptions?: ShellRunOptions) {
      ensureOpen();
      const perCall = Object.fromEntries(Object.entries(readOptionsObject('options', runOptions, SHELL_RUN_KEYS)).filter(([, value]) => value !== undefined));
      const merged: Record<string, unknown> = { ...settings.defaults, ...perCall };
      const callCwd = optionalString('cwd', merged.cwd, { nonEmpty: true });
      const runEnv = { ...env, ...(perCall.env as Record<string, string> | undefined) };
      const prepared = prepareCapture(command, merged, runEnv);
      const options: Record<string, unknown> = {
        ...merged,
        cwd: callCwd === undefined ? cwd : resolve(cwd, callCwd),
        env: prepared ? { ...runEnv, ...prepared.env } : runEnv,
        store,
        jobs,
      };
      if (settings.policy) options.policy = settings.policy;
      if (settings.sandbox !== undefined) {
        if (perCall.sandbox !== undefined) {
          throw new TypeError('Expected no `sandbox` option: this shell sandboxes every run, and a call cannot change that');
        }
        options.sandbox = settings.sandbox;
      }
      if (merged.detached === true || (options.signal !== undefined && !(options.signal instanceof AbortSignal))) {
        const result = await run(command, options as RunOptions);
        if (prepared) await learn(prepared, runEnv, result);
        return result;
      }
      const controller = new AbortController();
      const given = options.signal;
      options.signal = given instanceof AbortSignal ? AbortSignal.any([given, controller.signal]) : controller.signal;
      const running = run(command, options as RunOptions);
      foreground.set(controller, running.catch(() => undefined));
      try {
        const result = await running;
        if (prepared) await learn(prepared, runEnv, result);
        return result;
      } finally {
        foreground.delete(controller);
      }
    },

    async detail(id, detailOptions) {
      ensureOpen();
      return store.detail(id, detailOptions);
    },

    async read(id, stream, readOptions) {
      ensureOpen();
      return store.read(id, stream, readOptions);
    },

    async plan(command) {
      ensureOpen();
      return plan(command);
    },

    async checkpoint(label, saveOptions) {
      ensureOpen();
      return checkpoints().save(label, cwd, saveOptions);
    },

    async restore(label, restoreOptions) {
      ensureOpen();
      const raw = readOptionsObject('options', restoreOptions, ['origin', 'target']);
      return checkpoints().restore(label, { ...raw, origin: (raw.origin ?? raw.target ?? cwd) as string });
    },

    async checkpoints() {
      ensureOpen();
      return checkpoints().list(cwd);
    },

    close() {
      if (!closing) {
        const runs = [...foreground];
        for (const [controller] of runs) controller.abort();
        closing = Promise.all([jobs.close(), pty.closeAll(), ...runs.map(([, running]) => running)]).then(() => undefined).finally(() => capture.dispose());
      }
      return closing;
    },
  };
  return shell;
}
