import type { NormalizedSandboxOptions } from '../sandbox/options.js';
import { wrapInSandbox, type SandboxContext } from '../sandbox/wrap.js';
import { summarizeTrace, wrapInTrace, type TraceSummary } from '../trace/index.js';

/**
 * A command wrapped for one run: spawn `file` with `args`, then call `finish()` once it has ended.
 */
export interface WrappedRun {
  file: string;
  args: string[];
  sandboxed: boolean;
  /** Why the run is not traced although a trace was asked for. */
  traceUnavailable?: string;
  /** Summarises the trace (when there is one) and removes the sandbox's temp dir. Call it exactly once. */
  finish(): Promise<{ traceSummary?: TraceSummary; traceUnavailable?: string }>;
}

/**
 * Composes the sandbox and the trace in the one order that works: strace outside, bwrap inside it, the
 * command innermost; the summary leaves out the sandbox's launchers.
 * @throws TershError `SANDBOX_UNAVAILABLE` when a sandbox is asked for and none works here.
 */
export async function wrapForRun(
  command: { file: string; args: string[] },
  options: { cwd: string; sandbox?: NormalizedSandboxOptions; traceFile?: string; context?: Omit<SandboxContext, 'cwd'> },
): Promise<WrappedRun> {
  const confined =
    options.sandbox === undefined
      ? undefined
      : await wrapInSandbox(command, options.sandbox, { ...options.context, cwd: options.cwd });
  const inner = confined ?? command;
  const traced = options.traceFile === undefined ? undefined : await wrapInTrace(inner, { traceFile: options.traceFile });
  const outer = traced === undefined || 'unavailable' in traced ? inner : traced;
  const traceUnavailable = traced !== undefined && 'unavailable' in traced ? traced.unavailable : undefined;
  return {
    file: outer.file,
    args: outer.args,
    sandboxed: confined !== undefined,
    ...(traceUnavailable === undefined ? {} : { traceUnavailable }),
    async finish() {
      try {
        if (options.traceFile === undefined) return {};
        if (traceUnavailable !== undefined) return { traceUnavailable };
        try {
          return {
            traceSummary: await summarizeTrace(options.traceFile, { cwd: options.cwd, launchers: confined?.launchers ?? [] }),
          };
        } catch (error) {
          return { traceUnavailable: `The trace could not be read: ${(error as Error).message}` };
        }
      } finally {
        await confined?.cleanup();
      }
    },
  };
}
