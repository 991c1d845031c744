import type { ToolDefinition, ToolName, ToolShell } from '../../../src/tools/index.js';
import { createTools } from '../../../src/tools/index.js';

/** The tools by name, with a call() that returns the structured content and the error flag. */
export function toolbox(shell: ToolShell, options: Parameters<typeof createTools>[1] = {}) {
  const tools = new Map<ToolName, ToolDefinition>(createTools(shell, options).map((tool) => [tool.name, tool]));
  return async (name: ToolName, args: unknown) => {
    const result = await (tools.get(name) as ToolDefinition).handler(args);
    return { ...result, body: result.structuredContent as Record<string, any> };
  };
}
