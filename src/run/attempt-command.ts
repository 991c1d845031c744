import { buildChildEnv } from '../process/child-env.js';
import type { Launcher } from '../process/launcher.js';
import { warmLauncher } from '../process/warm/warm-launcher.js';
import type { RecordWriter } from '../store/index.js';
import { wrapForRun, type WrappedRun } from './wrap-for-run.js';
import { withLocalBins } from './local-bins.js';
import { resolveCommand, type ResolvedCommand } from './resolve-command.js';
import type { NormalizedRunOptions } from './run-options.js';
import { resolveInTarget, sandboxInTarget } from './run-target.js';

export interface PreparedCommand {
  env: NodeJS.ProcessEnv;
  resolved: ResolvedCommand;
  /** The host's sandbox or trace wrapper around it. */
  wrapped: WrappedRun | undefined;
  /** Confined by bubblewrap in the executor's target. */
  sandboxedInTarget: boolean;
}

/**
 * The environment, program and arguments of one attempt, where it runs: on the host (its env, PATH, sandbox and
 * trace) or in an executor's target (the target's env and PATH, bubblewrap there). Finishes the record and
 * rethrows when that fails.
 */
export async function prepareCommand(
  command: string,
  opts: NormalizedRunOptions,
  record: RecordWriter,
  launcher: Launcher,
): Promise<PreparedCommand> {
  const { executor } = opts;
  let resolved: ResolvedCommand | undefined;
  try {
    const childEnv = buildChildEnv(executor ? await executor.baseEnv() : process.env, opts.env, record.id);
    // node_modules/.bin folders are the host's: over an executor they would name paths the target does not have.
    const env = opts.preferLocal && !executor ? withLocalBins(childEnv, opts.cwd) : childEnv;
    if (opts.argv) resolved = { file: opts.argv[0]!, args: opts.argv.slice(1), shellKind: 'direct' };
    else
      resolved = executor
        ? await resolveInTarget(command, opts, env, executor)
        : (opts.resolved ??
          resolveCommand(command, { shell: opts.shell, pipefail: opts.pipefail, env, lookup: lookupFirst(opts, launcher) }));
    if (executor) {
      const confined = opts.sandbox ? await sandboxInTarget(executor, opts, env, resolved) : undefined;
      return { env, resolved: confined ?? resolved, wrapped: undefined, sandboxedInTarget: confined !== undefined };
    }
    let wrapped: WrappedRun | undefined;
    if (opts.sandbox || opts.trace) {
      await record.whenReady();
      wrapped = await wrapForRun(
        { file: resolved.file, args: resolved.args },
        {
          cwd: opts.cwd,
          ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
          ...(opts.trace ? { traceFile: record.tracePath } : {}),
        },
      );
    }
    return { env, resolved, wrapped, sandboxedInTarget: false };
  } catch (error) {
    await record.finish({ exit: null, ...(resolved ? { shellKind: resolved.shellKind } : {}), error: (error as Error).message });
    throw error;
  }
}

/**
 * Whether a command that needs no shell has its program looked up before it starts (10 `statx` a run for `true` with
 * this PATH, on the event loop): not when the warm launcher starts it, where a start that fails for want of it is
 * retried through the shell (attempt.ts), as over an executor. A wrapped command (sandbox, trace) would fail inside
 * its wrapper instead, and so would one the local launcher wraps (to close inherited fds, to enter its cgroup).
 */
function lookupFirst(opts: NormalizedRunOptions, launcher: Launcher): boolean {
  return launcher !== warmLauncher || opts.sandbox !== undefined || opts.trace;
}
