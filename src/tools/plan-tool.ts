import { defineTool } from './define-tool.js';
import { commandArgument } from './run-tool.js';
import { cmdSchema, commandSchema } from './schemas.js';
import { toSnakeCase } from './snake-case.js';
import type { ToolDefinition, ToolShell } from './types.js';

export function planTool(shell: ToolShell): ToolDefinition {
  return defineTool({
    name: 'sh_plan',
    description:
      'Static safety pre-check of a command, without running it: category (read-only, mutating, network, unknown, complex, destructive), ' +
      'reversibility, file effects and warnings. Pipelines and lists are judged per segment; the worst wins.',
    properties: { command: commandSchema, cmd: cmdSchema },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async call(args) {
      const planned = toSnakeCase(await shell.plan(commandArgument(args))) as Record<string, unknown>;
      // Seed 000 shows one `warning`; the list stays beside it.
      const [first] = (planned.warnings as string[] | undefined) ?? [];
      return first === undefined ? planned : { ...planned, warning: first };
    },
  });
}
