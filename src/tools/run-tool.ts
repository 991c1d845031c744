import { isAbsolute, resolve } from 'node:path';
import { invalid } from '../validate.js';
import { aliased, defineTool, pick } from './define-tool.js';
import { expectKeys, runOptionKeys, runProperties, sandboxKeys } from './run-schema.js';
import { toSnakeCase } from './snake-case.js';
import { applySeedArgs, type SeedArgSettings } from './seed-args.js';
import type { RunProgress } from '../run/index.js';
import type { ToolDefinition, ToolProgress, ToolShell } from './types.js';

/** The command named by `command` or its alias `cmd`. */
export function commandArgument(args: Record<string, unknown>): string {
  const command = aliased(args, 'command', 'cmd');
  if (command === undefined) throw invalid('command', 'a non-empty string', undefined);
  return command as string;
}

/** The tool's snake_case arguments as the shell's run options. */
export function runOptionsFromArgs(shell: ToolShell, args: Record<string, unknown>, settings: SeedArgSettings = { inlineMaxBytes: 16_384 }): Record<string, unknown> {
  const options = pick(args, runOptionKeys);
  applySeedArgs(args, options, settings);
  if (typeof options.cwd === 'string' && !isAbsolute(options.cwd)) options.cwd = resolve(shell.cwd, options.cwd);
  const timeoutMs = aliased(args, 'timeout_ms', 'timeout');
  if (timeoutMs !== undefined) options.timeoutMs = timeoutMs;
  if (typeof args.description === 'string') options.description = args.description;
  if (args.expect !== undefined) options.expect = pick(args.expect as Record<string, unknown>, expectKeys);
  if (typeof args.sandbox === 'object') options.sandbox = pick(args.sandbox as Record<string, unknown>, sandboxKeys);
  else if (args.sandbox !== undefined) options.sandbox = args.sandbox;
  return options;
}

export function runTool(shell: ToolShell, settings?: SeedArgSettings): ToolDefinition {
  return defineTool({
    name: 'sh_run',
    description:
      'Run a shell command. Returns a quiet result: id, exit, ok, ms, and condensed stdout/stderr only when they say something. ' +
      'The full output is stored: read it with sh_detail(id) instead of re-running. Check ok (semantic: grep finding nothing is ok), not just exit.',
    properties: runProperties,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async call(args, { signal, onProgress, onOutput }) {
      const command = commandArgument(args);
      const options = runOptionsFromArgs(shell, args, settings);
      if (signal) options.signal = signal;
      if (onProgress) options.onProgress = progressReporter(onProgress);
      if (onOutput) {
        options.onStdout = (chunk: string) => onOutput(chunk, 'stdout');
        options.onStderr = (chunk: string) => onOutput(chunk, 'stderr');
      }
      const result = toSnakeCase((await shell.run(command, options)) as object) as Record<string, unknown>;
      // `direct` (no shell was needed) tells a model nothing; every other kind is kept.
      if (result.shell_kind === 'direct') delete result.shell_kind;
      return result;
    },
  });
}

/** The run's per-attempt progress as the call's: time since the call began (retries included), both streams' lines. */
function progressReporter(onProgress: (progress: ToolProgress) => void): (progress: RunProgress) => void {
  const startedAt = performance.now();
  return ({ stdoutLines, stderrLines }) => {
    const elapsedMs = Math.round(performance.now() - startedAt);
    const lines = stdoutLines + stderrLines;
    onProgress(Object.freeze({ elapsedMs, lines, message: `${Math.round(elapsedMs / 1000)} s, ${lines} ${lines === 1 ? 'line' : 'lines'} so far` }));
  };
}
