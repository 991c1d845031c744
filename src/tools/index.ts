export { createTools, TOOL_NAMES, WEB_TOOL_NAMES, PTY_TOOL_NAMES } from './create-tools.js';
export { toSnakeCase } from './snake-case.js';
export type { SnakeCased, SnakeKey } from './snake-case.js';
export type {
  CreateToolsOptions,
  JsonSchema,
  ToolDefinition,
  ToolName,
  ToolProgress,
  ToolResult,
  ToolShell,
  ToolCallExtra,
  WebToolsOptions,
} from './types.js';
