import { terseText } from './terse-text.js';
import type { ToolDefinition, ToolResult } from './types.js';

/** How `sh_run` results are shown: tersh's own shape or Claude Code's Bash shape as well; JSON or terse text. */
export interface RunPresentation {
  dialect: 'tersh' | 'claude-code';
  format: 'json' | 'text';
}

interface ImageField {
  mime_type: string;
  bytes: number;
  data: string;
}

/**
 * Wraps `sh_run`: an image on stdout travels as an MCP image block (never as base64 in the text), `pid`
 * stays only where it can be acted on, and the dialect and format are applied.
 */
export function presentRunTool(tool: ToolDefinition, presentation: RunPresentation): ToolDefinition {
  return Object.freeze({
    ...tool,
    async handler(args: unknown, extra?: unknown): Promise<ToolResult> {
      const answer = await tool.handler(args, extra as Parameters<ToolDefinition['handler']>[1]);
      if (answer.isError)
        return presentation.format === 'text' ? { ...answer, content: [{ type: 'text', text: errorText(answer) }] } : answer;
      const structured: Record<string, unknown> = { ...answer.structuredContent };
      const image = structured.stdout_image as ImageField | undefined;
      if (image) structured.stdout_image = { mime_type: image.mime_type, bytes: image.bytes };
      if (!pidSaysSomething(structured)) delete structured.pid;
      const shaped = presentation.dialect === 'claude-code' ? bashShaped(structured) : structured;
      const text = presentation.format === 'text' ? terseText(shaped) : JSON.stringify(shaped);
      const content: ToolResult['content'] = [{ type: 'text', text }];
      if (image) content.push({ type: 'image', data: image.data, mimeType: image.mime_type });
      return { content, structuredContent: shaped, isError: false };
    },
  });
}

/** A pid is worth its tokens while something may still run under it: a job, a killed run, reported leftovers. */
function pidSaysSomething(result: Record<string, unknown>): boolean {
  return (
    result.job_id !== undefined ||
    result.timed_out === true ||
    result.canceled === true ||
    result.signal !== undefined ||
    typeof result.hint === 'string'
  );
}

/**
 * Claude Code's Bash result beside tersh's fields, one meaning each: `interrupted` (killed by the timeout, a
 * cancel or a signal), `returnCodeInterpretation` (the reading of a non-zero exit), `backgroundTaskId`, `isImage`.
 */
function bashShaped(result: Record<string, unknown>): Record<string, unknown> {
  const shaped: Record<string, unknown> = { ...result, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  shaped.interrupted =
    result.timed_out === true || result.canceled === true || (result.exit === null && result.signal !== undefined);
  const interpretation = interpretExit(result);
  if (interpretation) shaped.returnCodeInterpretation = interpretation;
  if (result.job_id !== undefined) shaped.backgroundTaskId = result.job_id;
  if (result.stdout_image !== undefined) shaped.isImage = true;
  return shaped;
}

function interpretExit(result: Record<string, unknown>): string | undefined {
  if (result.exit === 0 || (result.exit === null && result.job_id !== undefined)) return undefined;
  if (typeof result.message === 'string') return result.message;
  if (result.timed_out === true) return 'Timed out: the process group was killed';
  if (typeof result.exit === 'number') return `Exited with code ${result.exit}`;
  return typeof result.signal === 'string' ? `Killed by ${result.signal}` : undefined;
}

function errorText(answer: ToolResult): string {
  const error = (answer.structuredContent.error ?? {}) as { type?: string; code?: string; message?: string };
  return `[error:${error.code ?? error.type ?? 'Error'}] ${error.message ?? ''}`.trimEnd();
}
