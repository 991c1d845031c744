import { findExecutable } from '../process/find-executable.js';
import { invalid, optionalInteger, optionalOneOf, readOptionsObject } from '../validate.js';
import { presentRunTool } from './run-presentation.js';
import { checkpointsTool, checkpointTool, restoreTool } from './checkpoint-tools.js';
import { detailTool } from './detail-tool.js';
import { globTool } from './glob-tool.js';
import { grepTool } from './grep-tool.js';
import { jobsTool, killTool, logsTool } from './job-tools.js';
import { planTool } from './plan-tool.js';
import { ptyCloseTool, ptyOpenTool, ptyRunTool } from './pty-tools.js';
import { runTool } from './run-tool.js';
import { readWebToolsOptions, webFetchTool, webSearchTool } from './web-tools.js';
import { compactSchema } from './compact-schema.js';
import { SHORT_TEXTS } from './short-descriptions.js';
import type { CreateToolsOptions, ToolDefinition, ToolName, ToolShell } from './types.js';

/** The tools {@link createTools} returns by default, in that order. */
export const TOOL_NAMES: readonly ToolName[] = Object.freeze([
  'sh_run',
  'sh_detail',
  'sh_plan',
  'sh_checkpoint',
  'sh_restore',
  'sh_checkpoints',
  'sh_logs',
  'sh_kill',
  'sh_jobs',
  'sh_glob',
  'sh_grep',
] as const);

/** The opt-in web tools: given only when named in `include`, so the default definitions cost no more context. */
export const WEB_TOOL_NAMES: readonly ToolName[] = Object.freeze(['web_fetch', 'web_search'] as const);

/** The opt-in terminal tools, by tersh's names and seed 001's. */
export const PTY_TOOL_NAMES: readonly ToolName[] = Object.freeze([
  'sh_pty_open',
  'sh_pty_run',
  'sh_pty_close',
  'terminal_pty_open',
  'terminal_pty_run',
  'terminal_pty_close',
] as const);

/**
 * The shell as ready-made tool definitions (MCP's tool shape: JSON Schema in, CallToolResult out)
 * for MCP servers and agent frameworks. Arguments are the seeds' snake_case, with Claude Code's
 * Bash names accepted as aliases; handlers never reject.
 */
export function createTools(shell: ToolShell, options: CreateToolsOptions = {}): ToolDefinition[] {
  if (typeof shell !== 'object' || shell === null || typeof shell.run !== 'function')
    throw invalid('shell', 'a shell from createShell()', shell);
  const raw = readOptionsObject('options', options, [
    'include',
    'findRipgrep',
    'web',
    'descriptions',
    'dialect',
    'format',
    'inlineMaxBytes',
  ]);
  const web = readWebToolsOptions(raw.web);
  const include = readInclude(raw.include);
  const descriptions = optionalOneOf('descriptions', raw.descriptions, ['short', 'full'] as const) ?? 'short';
  const presentation = {
    dialect: optionalOneOf('dialect', raw.dialect, ['tersh', 'claude-code'] as const) ?? 'tersh',
    format: optionalOneOf('format', raw.format, ['json', 'text'] as const) ?? 'json',
  };
  const inlineMaxBytes = optionalInteger('inlineMaxBytes', raw.inlineMaxBytes, { min: 1024, max: 64 * 1024 * 1024 }) ?? 16_384;
  if (raw.findRipgrep !== undefined && typeof raw.findRipgrep !== 'function')
    throw invalid('findRipgrep', 'a function', raw.findRipgrep);
  const lookup = (raw.findRipgrep as CreateToolsOptions['findRipgrep']) ?? (() => findExecutable('rg'));
  const findRipgrep = async () => await lookup();
  const builders: Record<ToolName, () => ToolDefinition> = {
    web_fetch: () => webFetchTool(web.fetch),
    web_search: () => webSearchTool(web.search),
    sh_run: () => presentRunTool(runTool(shell, { inlineMaxBytes }), presentation),
    sh_detail: () => detailTool(shell),
    sh_plan: () => planTool(shell),
    sh_checkpoint: () => checkpointTool(shell),
    sh_restore: () => restoreTool(shell),
    sh_checkpoints: () => checkpointsTool(shell),
    sh_logs: () => logsTool(shell),
    sh_kill: () => killTool(shell),
    sh_jobs: () => jobsTool(shell),
    sh_glob: () => globTool(shell),
    sh_grep: () => grepTool(shell, findRipgrep),
    sh_pty_open: () => ptyOpenTool(shell),
    sh_pty_run: () => ptyRunTool(shell),
    sh_pty_close: () => ptyCloseTool(shell),
    terminal_pty_open: () => ptyOpenTool(shell, 'terminal_pty_open'),
    terminal_pty_run: () => ptyRunTool(shell, 'terminal_pty_run'),
    terminal_pty_close: () => ptyCloseTool(shell, 'terminal_pty_close'),
  };
  const built = include.map((name) => builders[name]());
  return descriptions === 'full' ? built : built.map(shortened);
}

/** The definition a model reads by default: short texts, no bounds (the handler still checks the full schema). */
function shortened(tool: ToolDefinition): ToolDefinition {
  const short = SHORT_TEXTS[tool.name];
  return Object.freeze({
    ...tool,
    description: short?.description ?? tool.description,
    inputSchema: compactSchema(tool.inputSchema, short ? (short.properties ?? {}) : undefined, short?.hidden, short?.shapes),
  });
}

function readInclude(value: unknown): readonly ToolName[] {
  if (value === undefined) return TOOL_NAMES;
  if (!Array.isArray(value)) throw invalid('include', 'an array of tool names', value);
  const known = [...TOOL_NAMES, ...WEB_TOOL_NAMES, ...PTY_TOOL_NAMES];
  value.forEach((name, index) => {
    if (!known.includes(name as ToolName)) throw invalid(`include[${index}]`, `one of ${known.join(', ')}`, name);
  });
  return [...new Set(value as ToolName[])];
}
