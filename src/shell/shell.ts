import { realpathSync, statSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { TershError } from '../errors.js';
import { createJobManager } from '../jobs/index.js';
import { plan } from '../plan/index.js';
import { buildChildEnv } from '../process/child-env.js';
import { normalizePolicy } from '../run/run-policy.js';
import { resolveCommand } from '../run/resolve-command.js';
import type { RunResult } from '../run/index.js';
import { normalizeRunOptions, type NormalizedRunOptions } from '../run/run-options.js';
import { runNormalized, validateRunCommand, type ValidCommand } from '../run/run.js';
import { createRecordStore, recordsFinished } from '../store/index.js';
import { invalid, optionalString, readOptionsObject, requiredString } from '../validate.js';
import { diffEnv } from './env-diff.js';
import { normalizeShellOptions, SHELL_RUN_KEYS, withDefaultPromotion } from './options.js';
import { SessionCapture, type PreparedCapture } from './session-capture.js';
import { shellCheckpoints } from './shell-checkpoints.js';
import { shellPty } from './shell-pty.js';
import { sandboxForCall } from './sandbox-bypass.js';
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
  const { executor } = settings;
  const refuseOverExecutor = (what: string): void => {
    if (executor)
      throw new TershError(
        'EXECUTOR_UNSUPPORTED',
        `${what} over an executor (${executor.name}) is not supported: it would act on the host's file system, not the target's`,
      );
  };
  /** Over an executor, the session's directory is a path in the target (its own working directory at first). */
  const targetCwd = async (): Promise<string> => {
    if (executor && !posix.isAbsolute(cwd)) cwd = posix.resolve(await executor.defaultCwd(), cwd || '.');
    return cwd;
  };
  const checkpoints = shellCheckpoints(
    { checkpointDir: settings.checkpointDir, maxUndoCheckpoints: settings.maxUndoCheckpoints, startCwd: settings.cwd },
    () => cwd,
    (dir) => (cwd = dir),
  );

  /**
   * Foreground bash runs in the session's own directory report where they ended. The command is resolved here,
   * once: run() takes the resolution with the options.
   */
  const prepareCapture = (
    given: ValidCommand,
    opts: NormalizedRunOptions,
    inSessionCwd: boolean,
  ): PreparedCapture | undefined => {
    // A sandboxed command sees a private /tmp, where the trap's file is not; a target cannot write the host's file.
    if (executor || opts.background || !inSessionCwd || opts.sandbox || given.argv) return undefined;
    try {
      opts.resolved = resolveCommand(given.text, {
        shell: opts.shell,
        pipefail: opts.pipefail,
        env: { ...process.env, ...opts.env },
      });
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

    cd(path) {
      ensureOpen();
      const dir = resolve(cwd, requiredString('path', path, { nonEmpty: true }));
      if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw invalid('path', 'an existing directory', path);
      cwd = realpathSync(dir);
      return cwd;
    },

    get jobs() {
      ensureOpen();
      return jobs;
    },

    get pty() {
      ensureOpen();
      refuseOverExecutor('A terminal session');
      return pty;
    },

    async run(command, runOptions?: ShellRunOptions) {
      ensureOpen();
      const callOptions = Object.fromEntries(
        Object.entries(readOptionsObject('options', runOptions, [...SHELL_RUN_KEYS, 'dangerouslyDisableSandbox'])).filter(
          ([, value]) => value !== undefined,
        ),
      );
      const callSandbox = sandboxForCall(settings.sandbox, settings.allowDangerouslyDisableSandbox, callOptions);
      const { dangerouslyDisableSandbox: _lifted, ...perCall } = callOptions;
      const merged = withDefaultPromotion({ ...settings.defaults, ...perCall });
      const callCwd = optionalString('cwd', merged.cwd, { nonEmpty: true });
      const given = validateRunCommand(command);
      if (callSandbox.sandbox !== undefined) merged.sandbox = callSandbox.sandbox;
      else if (callSandbox.bypassed) delete merged.sandbox;
      const base = executor ? await targetCwd() : cwd;
      const options: Record<string, unknown> = {
        ...merged,
        cwd: callCwd === undefined ? base : (executor ? posix : { resolve }).resolve(base, callCwd),
        ...(executor ? { executor } : {}),
        env: { ...env, ...(perCall.env as object | undefined) },
        store,
        jobs,
      };
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
      foreground.set(
        controller,
        running.catch(() => undefined),
      );
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
      refuseOverExecutor('A checkpoint');
      return checkpoints.save(label, saveOptions);
    },

    async restore(label, restoreOptions) {
      ensureOpen();
      refuseOverExecutor('A restore');
      return checkpoints.restore(label, restoreOptions);
    },

    async checkpoints(listOptions) {
      ensureOpen();
      refuseOverExecutor('Listing checkpoints');
      return checkpoints.list(listOptions);
    },

    close() {
      if (!closing) {
        const runs = [...foreground];
        for (const [controller] of runs) controller.abort();
        closing = Promise.all([jobs.close(), pty.closeAll(), ...runs.map(([, running]) => running)])
          .then(() => recordsFinished(store))
          .finally(() => capture.dispose());
      }
      return closing;
    },
  };
  return shell;
}
