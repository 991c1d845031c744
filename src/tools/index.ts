export { createTools, TOOL_NAMES } from './create-tools.js';
export { toSnakeCase } from './snake-case.js';
export type {
  CreateToolsOptions,
  JsonSchema,
  ToolDefinition,
  ToolHints,
  ToolJobLogsOptions,
  ToolName,
  ToolResult,
  ToolShell,
} from './types.js';
