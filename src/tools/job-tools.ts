import { TershError } from '../errors.js';
import { defineTool, pick } from './define-tool.js';
import { idSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { JsonSchema, ToolDefinition, ToolShell } from './types.js';

const signals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'] as const;

/** Seed 003's shape: inspect or cancel a job by id. */
export const backgroundActionSchema: JsonSchema = {
  type: 'string',
  enum: ['status', 'cancel'],
  description: "Seed 003's shape: status, or cancel (as sh_kill).",
};

/** What `background_action` asks of a job: its status, or to stop it (TERM, then KILL after the grace). */
export async function jobAction(shell: ToolShell, jobId: string, action: 'status' | 'cancel'): Promise<Record<string, unknown>> {
  if (action === 'cancel') return cancelJob(shell, jobId);
  if (!shell.jobs.get) throw new TershError('JOB_NOT_FOUND', "This shell cannot report a job's status.", { details: { jobId } });
  return toSnakeCase(shell.jobs.get(jobId)) as Record<string, unknown>;
}

async function cancelJob(shell: ToolShell, jobId: string): Promise<Record<string, unknown>> {
  // SIGTERM means "stop": a job that ignores it is killed after the grace, as the API's cancel() does.
  if (shell.jobs.cancel) {
    const info = (await shell.jobs.cancel(jobId)) as { status?: string } | undefined;
    return { job_id: jobId, signal: 'SIGTERM', ...(info?.status ? { status: info.status } : {}) };
  }
  const sent = await shell.jobs.signal(jobId, 'SIGTERM');
  return { job_id: jobId, signal: 'SIGTERM', ...(typeof sent === 'boolean' ? { sent } : {}) };
}

export function logsTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_logs',
    description:
      "Read a background job's output from the given offsets, optionally waiting (up to wait_ms) for it to exit. " +
      'Pass next_stdout_offset/next_stderr_offset back to continue; status tells running, exited or killed.',
    properties: {
      job_id: { ...idSchema, description: 'The job_id from sh_run.' },
      stdout_offset: { type: 'integer', minimum: 0 },
      stderr_offset: { type: 'integer', minimum: 0 },
      wait_until_exit: { type: 'boolean', description: 'Block until the job exits or wait_ms passes.' },
      wait_ms: { type: 'integer', minimum: 0, maximum: 45_000, description: 'Longest wait. Default 30000.' },
      max_bytes: { type: 'integer', minimum: 16, maximum: 8 * 1024 * 1024, description: 'Most bytes per stream.' },
      // Read-only (clients auto-approve it): cancelling is sh_kill's, and sh_run's for seed 003's shape.
      background_action: {
        type: 'string',
        enum: ['status'],
        description: "Seed 003's shape: the job's status without output (cancel: sh_kill).",
      },
    },
    required: ['job_id'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const jobId = args.job_id as string;
      if (args.background_action !== undefined) return jobAction(shell, jobId, 'status');
      const options = pick(args, {
        stdout_offset: 'stdoutOffset',
        stderr_offset: 'stderrOffset',
        wait_until_exit: 'waitUntilExit',
        wait_ms: 'waitMs',
        max_bytes: 'maxBytes',
      });
      const logs = await shell.jobs.logs(jobId, options);
      return { job_id: jobId, ...(toSnakeCase(logs) as Record<string, unknown>) };
    },
  });
}

export function killTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_kill',
    description:
      "Send a signal to a background job's whole process group (default SIGTERM, then SIGKILL after a grace if it ignores it).",
    properties: {
      job_id: { ...idSchema, description: 'The job_id from sh_run.' },
      signal: { type: 'string', enum: signals, description: 'Default SIGTERM.' },
      background_action: backgroundActionSchema,
    },
    required: ['job_id'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const jobId = args.job_id as string;
      if (args.background_action !== undefined) return jobAction(shell, jobId, args.background_action as 'status' | 'cancel');
      const signal = (args.signal as NodeJS.Signals | undefined) ?? 'SIGTERM';
      if (signal === 'SIGTERM') return cancelJob(shell, jobId);
      const sent = await shell.jobs.signal(jobId, signal);
      return { job_id: jobId, signal, ...(typeof sent === 'boolean' ? { sent } : {}) };
    },
  });
}

export function jobsTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_jobs',
    description: "List the shell's background jobs, live and recently finished, oldest first: job_id, command, status, ms, exit.",
    properties: {},
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call() {
      if (!shell.jobs.list) return { jobs: [] };
      return { jobs: shell.jobs.list().map((info) => toSnakeCase(info)) };
    },
  });
}
