import { defineTool, pick } from './define-tool.js';
import { idSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { ToolDefinition, ToolShell } from './types.js';

const signals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'] as const;

export function logsTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_logs',
    description:
      'Read a background job\'s output from the given offsets, optionally waiting (up to wait_ms) for it to exit. ' +
      'Pass next_stdout_offset/next_stderr_offset back to continue; status tells running, exited or killed.',
    properties: {
      job_id: { ...idSchema, description: 'The job_id from sh_run.' },
      stdout_offset: { type: 'integer', minimum: 0 },
      stderr_offset: { type: 'integer', minimum: 0 },
      wait_until_exit: { type: 'boolean', description: 'Block until the job exits or wait_ms passes.' },
      wait_ms: { type: 'integer', minimum: 0, maximum: 45_000, description: 'Longest wait. Default 30000.' },
      max_bytes: { type: 'integer', minimum: 16, maximum: 8 * 1024 * 1024, description: 'Most bytes per stream.' },
    },
    required: ['job_id'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const options = pick(args, {
        stdout_offset: 'stdoutOffset',
        stderr_offset: 'stderrOffset',
        wait_until_exit: 'waitUntilExit',
        wait_ms: 'waitMs',
        max_bytes: 'maxBytes',
      });
      const logs = await shell.jobs.logs(args.job_id as string, options);
      return { job_id: args.job_id, ...(toSnakeCase(logs) as Record<string, unknown>) };
    },
  });
}

export function killTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_kill',
    description: "Send a signal to a background job's whole process group (default SIGTERM, then SIGKILL after a grace if it ignores it).",
    properties: {
      job_id: { ...idSchema, description: 'The job_id from sh_run.' },
      signal: { type: 'string', enum: signals, description: 'Default SIGTERM.' },
    },
    required: ['job_id'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const signal = (args.signal as NodeJS.Signals | undefined) ?? 'SIGTERM';
      // SIGTERM means "stop": a job that ignores it is killed after the grace, as the API's cancel() does.
      if (signal === 'SIGTERM' && shell.jobs.cancel) {
        const info = (await shell.jobs.cancel(args.job_id as string)) as { status?: string } | undefined;
        return { job_id: args.job_id, signal, ...(info?.status ? { status: info.status } : {}) };
      }
      const sent = await shell.jobs.signal(args.job_id as string, signal);
      return { job_id: args.job_id, signal, ...(typeof sent === 'boolean' ? { sent } : {}) };
    },
  });
}
