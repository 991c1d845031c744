import { isTershError } from '../errors.js';
import { describeIssue, validationIssue } from '../validate.js';
import { snakeKey } from './snake-case.js';
import type { ToolResult } from './types.js';

/** A successful result: the structured content, and the same as compact JSON text. */
export function toolResult(structured: Record<string, unknown>, isError = false): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError };
}

/**
 * An error a model can read and correct. With `fromShell`, a validation error's sentence is rebuilt from its parts
 * with the tools' snake_case field names (`timeoutMs` from the shell's checks becomes `timeout_ms`).
 */
export function errorResult(error: unknown, fromShell = false): ToolResult {
  const type = isTershError(error) ? 'TershError' : error instanceof TypeError ? 'TypeError' : 'Error';
  const raw = error instanceof Error ? error.message : String(error);
  const issue = fromShell ? validationIssue(error) : undefined;
  const body: Record<string, unknown> = { type, message: issue ? describeIssue(issue, snakeFieldName) : raw };
  if (isTershError(error)) {
    body.code = error.code;
    if (Object.keys(error.details).length > 0) body.details = error.details;
  }
  return toolResult({ error: body }, true);
}

function snakeFieldName(field: string): string {
  return field.split('.').map(snakeKey).join('.');
}
