import { defineTool } from './define-tool.js';
import { idSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { ToolDefinition, ToolShell } from './types.js';

export function detailTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_detail',
    description:
      'Read the stored output of a past sh_run by id, without re-running it: a whole stream, only the lines matching a regex (with line numbers), ' +
      'the metadata, or the syscall trace. Give offset/max_bytes to page through a long stream (continue from next_offset).',
    properties: {
      id: { ...idSchema, description: 'The id from sh_run.' },
      selector: { type: 'string', enum: ['stdout', 'stderr', 'meta', 'trace'], description: 'Which part. Default stdout.' },
      match: { type: 'string', minLength: 1, maxLength: 10_000, description: 'A regular expression: only matching lines, numbered.' },
      offset: { type: 'integer', minimum: 0, description: 'Byte offset to page from (stdout/stderr).' },
      max_bytes: { type: 'integer', minimum: 16, maximum: 8 * 1024 * 1024, description: 'Most bytes returned.' },
    },
    required: ['id'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const id = args.id as string;
      const selector = (args.selector as 'stdout' | 'stderr' | 'meta' | 'trace' | undefined) ?? 'stdout';
      const maxBytes = args.max_bytes as number | undefined;
      const paging = args.offset !== undefined || (maxBytes !== undefined && args.match === undefined);
      if (paging) {
        if (selector !== 'stdout' && selector !== 'stderr') throw new TypeError('Expected `selector` to be stdout or stderr when paging with `offset`');
        if (args.match !== undefined) throw new TypeError('Give `match` or `offset`, not both');
        const page = await shell.read(id, selector, { offset: (args.offset as number | undefined) ?? 0, ...(maxBytes ? { maxBytes } : {}) });
        return { id, selector, ...(toSnakeCase(page) as Record<string, unknown>) };
      }
      const text = await shell.detail(id, {
        selector,
        ...(args.match !== undefined ? { match: args.match as string } : {}),
        ...(maxBytes ? { maxBytes } : {}),
      });
      if (selector === 'meta') return { id, meta: toSnakeCase(parseJson(text)) };
      return { id, selector, ...(args.match !== undefined ? { match: args.match } : {}), text };
    },
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
