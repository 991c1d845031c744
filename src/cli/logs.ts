import type { JsonSchema, ToolDefinition } from '../tools/index.js';

/** The flags of `tersh logs`, answered by two paged sh_detail calls (the CLI's jobs do not outlive it, records do). */
export const LOGS_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string', description: 'A run id (a job record id works too).' },
  stdout_offset: { type: 'integer', minimum: 0, description: 'Byte offset in stdout (pass next_stdout_offset).' },
  stderr_offset: { type: 'integer', minimum: 0, description: 'Byte offset in stderr (pass next_stderr_offset).' },
  max_bytes: { type: 'integer', minimum: 16, description: 'Most bytes per stream. Default 65536.' },
};

export async function readLogs(detail: ToolDefinition, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const page = async (selector: 'stdout' | 'stderr', offset: unknown) => {
    const request: Record<string, unknown> = { id: args.id, selector, offset: offset ?? 0 };
    if (args.max_bytes !== undefined) request.max_bytes = args.max_bytes;
    return (await detail.handler(request)).structuredContent;
  };
  const unknown = Object.keys(args).find((key) => !Object.hasOwn(LOGS_PROPERTIES, key));
  if (unknown) return { error: { type: 'TypeError', message: `Unknown option \`${unknown}\`` } };
  const stdout = await page('stdout', args.stdout_offset);
  if (stdout.error !== undefined) return stdout;
  const stderr = await page('stderr', args.stderr_offset);
  if (stderr.error !== undefined) return stderr;
  if (stdout.expired === true || stderr.expired === true) return { id: args.id, expired: true };
  return {
    id: args.id,
    stdout: stdout.data,
    stderr: stderr.data,
    next_stdout_offset: stdout.next_offset,
    next_stderr_offset: stderr.next_offset,
    eof: stdout.eof === true && stderr.eof === true,
  };
}
