import { isTershError } from '../errors.js';
import { describeIssue, validationIssue } from '../validate.js';
import { inToolSpelling, toolSpellingOf } from './option-names.js';
import { snakeKey } from './snake-case.js';
import type { ToolResult } from './types.js';

/** A successful result: the structured content, and the same as compact JSON text. */
export function toolResult(structured: Record<string, unknown>, isError = false): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError };
}

const WORDED_FIELDS = new Set(['hint', 'advice', 'message', 'warning']);

/** A result whose hints, advice and messages (at any depth: a job's final `result` too) name options as the tools spell them. */
export function inToolWords(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => inToolWords(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = WORDED_FIELDS.has(key) && typeof item === 'string' ? inToolSpelling(item) : inToolWords(item, depth + 1);
  }
  return out;
}

/**
 * An error a model can read and correct. With `fromShell`, a validation error's sentence is rebuilt from its parts
 * with the tools' snake_case field names (`timeoutMs` from the shell's checks becomes `timeout_ms`).
 */
export function errorResult(error: unknown, fromShell = false): ToolResult {
  const type = isTershError(error) ? 'TershError' : error instanceof TypeError ? 'TypeError' : 'Error';
  const raw = error instanceof Error ? error.message : String(error);
  const issue = fromShell ? validationIssue(error) : undefined;
  const body: Record<string, unknown> = {
    type,
    message: issue ? describeIssue(issue, snakeFieldName) : fromShell ? inToolSpelling(raw) : raw,
  };
  if (isTershError(error)) {
    body.code = error.code;
    if (Object.keys(error.details).length > 0) body.details = error.details;
  }
  return toolResult({ error: body }, true);
}

function snakeFieldName(field: string): string {
  return field
    .split('.')
    .map((segment) => toolSpellingOf(segment) ?? snakeKey(segment))
    .join('.');
}
