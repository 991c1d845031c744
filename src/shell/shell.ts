import { resolve } from 'node:path';
import { createCheckpointStore, type CheckpointStore } from '../checkpoint/index.js';
import { TershError } from '../errors.js';
import { createJobManager } from '../jobs/index.js';
import { plan } from '../plan/index.js';
import { buildChildEnv } from '../process/child-env.js';
import { normalizePolicy } from '../run/run-policy.js';
import { resolveCommand } from '../run/resolve-command.js';
import type { RunResult } from '../run/index.js';
import { normalizeRunOptions, type NormalizedRunOptions } from '../run/run-options.js';
import { runNormalized, validateRunCommand, type ValidCommand } from '../run/run.js';
import { createRecordStore } from '../store/index.js';
import { optionalString, readOptionsObject } from '../validate.js';
import { diffEnv } from './env-diff.js';
import { normalizeShellOptions, SHELL_RUN_KEYS } from './options.js';
import { SessionCapture, type PreparedCapture } from './session-capture.js';
import { shellPty } from './shell-pty.js';
import { sandboxForCall } from './sandbox-bypass.js';
import type { Shell, ShellOptions, ShellRunOptions } from './types.js';

/**
 * Creates a shell session: the working directory persists across commands, and one record store,
 * one job manager, one policy and one set of run defaults serve every command.
 * @public
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

  /**
   * Foreground bash runs in the session's own directory report where they ended. The command is resolved here,
   * once: run() takes the resolution with the options.
   */
  const prepareCapture = (given: ValidCommand, opts: NormalizedRunOptions, inSessionCwd: boolean): PreparedCapture | undefined => {
    // A sandboxed command sees a private /tmp, where the trap's file is not.
    if (opts.background || !inSessionCwd || opts.sandbox || given.argv) return undefined;
    try {
      opts.resolved = resolveCommand(given.text, { shell: opts.shell, pipefail: opts.pipefail, env: { ...process.env, ...opts.env } });
    } catch {
      return undefined; // run() reports the same problem
    }
    if (opts.resolved.shellKind !== 'bash') return undefined;
    const prepared = capture.prepare();
    opts.env = { ...opts.env, ...prepared.env };
    return prepared;
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
      const callOptions = Object.fromEntries(Object.entries(readOptionsObject('options', runOptions, [...SHELL_RUN_KEYS, 'dangerouslyDisableSandbox'])).filter(([, value]) => value !== undefined));
      const callSandbox = sandboxForCall(settings.sandbox, settings.allowDangerouslyDisableSandbox, callOptions);
      const { dangerouslyDisableSandbox: _lifted, ...perCall } = callOptions;
      const merged: Record<string, unknown> = { ...settings.defaults, ...perCall };
      const callCwd = optionalString('cwd', merged.cwd, { nonEmpty: true });
      const given = validateRunCommand(command);
      if (callSandbox.sandbox !== undefined) merged.sandbox = callSandbox.sandbox;
      else if (callSandbox.bypassed) delete merged.sandbox;
      const options: Record<string, unknown> = { ...merged, cwd: callCwd === undefined ? cwd : resolve(cwd, callCwd), env: { ...env, ...(perCall.env as object | undefined) }, store, jobs };
      if (settings.policy) options.policy = settings.policy;
      const opts = normalizeRunOptions(options);
      const runEnv = opts.env ?? {};
      const prepared = prepareCapture(given, opts, callCwd === undefined);
      if (opts.detached) {
        const result = await runNormalized(given, opts);
        if (prepared) await learn(prepared, runEnv, result);
        return result;
      }
      const controller = new AbortController();
      opts.signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
      const running = runNormalized(given, opts);
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
