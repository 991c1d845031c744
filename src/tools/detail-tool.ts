import { defineTool } from './define-tool.js';
import { idSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { ToolDefinition, ToolShell } from './types.js';

export function detailTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_detail',
    description:
      'Read the stored output of a past sh_run by id, without re-running it: a whole stream, only the lines matching a regex (with line numbers), ' +
      'a range of lines by number (from_line/to_line, as the [… lines A–B omitted …] markers give them), the metadata, or the syscall trace. ' +
      'Give offset/max_bytes to page through a long stream by bytes (continue from next_offset).',
    properties: {
      id: { ...idSchema, description: 'The id from sh_run.' },
      selector: { type: 'string', enum: ['stdout', 'stderr', 'meta', 'trace'], description: 'Which part. Default stdout.' },
      match: {
        type: 'string',
        minLength: 1,
        maxLength: 10_000,
        description: 'A regular expression: only matching lines, numbered.',
      },
      from_line: {
        type: 'integer',
        minimum: 1,
        description: 'First line number to return (1-based), e.g. the start of an omitted range.',
      },
      to_line: { type: 'integer', minimum: 1, description: 'Last line number to return (inclusive).' },
      offset: { type: 'integer', minimum: 0, description: 'Byte offset to page from (stdout/stderr).' },
      max_bytes: { type: 'integer', minimum: 16, maximum: 8 * 1024 * 1024, description: 'Most bytes returned.' },
    },
    required: ['id'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const id = args.id as string;
      const selector = (args.selector as 'stdout' | 'stderr' | 'meta' | 'trace' | undefined) ?? 'stdout';
      const maxBytes = args.max_bytes as number | undefined;
      const byLine = args.match !== undefined || args.from_line !== undefined || args.to_line !== undefined;
      const paging = args.offset !== undefined || (maxBytes !== undefined && !byLine);
      if (paging) {
        if (selector !== 'stdout' && selector !== 'stderr')
          throw new TypeError('Expected `selector` to be stdout or stderr when paging with `offset`');
        if (byLine) throw new TypeError('Give `offset` or `match`/`from_line`/`to_line`, not both');
        const page = await shell.read(id, selector, {
          offset: (args.offset as number | undefined) ?? 0,
          ...(maxBytes ? { maxBytes } : {}),
        });
        return { id, selector, ...(toSnakeCase(page) as Record<string, unknown>) };
      }
      const text = await shell.detail(id, {
        selector,
        ...(args.match !== undefined ? { match: args.match as string } : {}),
        ...(args.from_line !== undefined ? { fromLine: args.from_line as number } : {}),
        ...(args.to_line !== undefined ? { toLine: args.to_line as number } : {}),
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
