import { isAbsolute, resolve } from 'node:path';
import { invalid } from '../validate.js';
import { aliased, defineTool, pick, ToolArgumentError } from './define-tool.js';
import { jobAction } from './job-tools.js';
import { RUN_OPTION_NAMES } from './option-names.js';
import { expectKeys, runProperties, sandboxKeys } from './run-schema.js';
import { toSnakeCase } from './snake-case.js';
import { applySeedArgs, type SeedArgSettings } from './seed-args.js';
import type { RunProgress, RunResult } from '../run/index.js';
import type { ToolDefinition, ToolProgress, ToolShell } from './types.js';

/** The command named by `command` or its alias `cmd`. */
export function commandArgument(args: Record<string, unknown>): string {
  const command = aliased(args, 'command', 'cmd');
  if (command === undefined) throw invalid('command', 'a non-empty string', undefined);
  return command as string;
}

/** The tool's snake_case arguments as the shell's run options. */
export function runOptionsFromArgs(
  shell: ToolShell,
  args: Record<string, unknown>,
  settings: SeedArgSettings = { inlineMaxBytes: 16_384 },
): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const { tool, api, aliases = [] } of RUN_OPTION_NAMES) {
    const value = aliases.reduce((given, alias) => aliased({ [tool]: given, [alias]: args[alias] }, tool, alias), args[tool]);
    if (value !== undefined) options[api] = value;
  }
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
      if (args.background_action !== undefined) {
        if (args.job_id === undefined)
          throw new ToolArgumentError('Expected `job_id` with `background_action`: the job_id sh_run returned');
        return jobAction(shell, args.job_id as string, args.background_action as 'status' | 'cancel');
      }
      const command = commandArgument(args);
      const options = runOptionsFromArgs(shell, args, settings);
      if (signal) options.signal = signal;
      if (onProgress) options.onProgress = progressReporter(onProgress);
      if (onOutput) {
        const onStdout = (chunk: string): void => onOutput(chunk, 'stdout');
        const onStderr = (chunk: string): void => onOutput(chunk, 'stderr');
        options.onStdout = onStdout;
        options.onStderr = onStderr;
      }
      const result = toSnakeCase((await runInSession(shell, command, options)) as object) as Record<string, unknown>;
      // `direct` (no shell was needed) tells a model nothing; every other kind is kept.
      if (result.shell_kind === 'direct') delete result.shell_kind;
      return result;
    },
  });
}

/**
 * Seed 003: a `cwd` persists for the session. The shell moves there first, so the command's own `cd` is followed
 * too; options the shell refuses leave the session where it was.
 */
async function runInSession(shell: ToolShell, command: string, options: Record<string, unknown>): Promise<RunResult> {
  const { cwd, ...rest } = options;
  if (typeof cwd !== 'string' || !shell.cd) return shell.run(command, options);
  const before = shell.cwd;
  try {
    shell.cd(cwd);
  } catch {
    throw new ToolArgumentError(`Expected \`cwd\` to be an existing directory, got \`${cwd}\``);
  }
  try {
    return await shell.run(command, rest);
  } catch (error) {
    if (error instanceof TypeError) shell.cd(before);
    throw error;
  }
}

/** The run's per-attempt progress as the call's: time since the call began (retries included), both streams' lines. */
function progressReporter(onProgress: (progress: ToolProgress) => void): (progress: RunProgress) => void {
  const startedAt = performance.now();
  return ({ stdoutLines, stderrLines }) => {
    const elapsedMs = Math.round(performance.now() - startedAt);
    const lines = stdoutLines + stderrLines;
    onProgress(
      Object.freeze({
        elapsedMs,
        lines,
        message: `${Math.round(elapsedMs / 1000)} s, ${lines} ${lines === 1 ? 'line' : 'lines'} so far`,
      }),
    );
  };
}
