import { checkArgs } from './check-args.js';
import { errorResult, inToolWords, toolResult } from './tool-result.js';
import type { ToolAnnotations } from '../plan/index.js';
import { invalid } from '../validate.js';
import type { JsonSchema, ToolCallExtra, ToolDefinition, ToolName } from './types.js';

export interface ToolSpec {
  name: ToolName;
  description: string;
  /** The argument properties; the object schema around them is added here. */
  properties: Record<string, JsonSchema>;
  required?: readonly string[];
  annotations: ToolAnnotations;
  /** Runs with arguments already checked against the schema; may throw TypeError or TershError. */
  call(args: Record<string, unknown>, extra: ToolCallExtra): Promise<Record<string, unknown>>;
}

/** Wraps a spec into a definition whose handler checks the arguments and never rejects. */
export function defineTool(spec: ToolSpec): ToolDefinition {
  const inputSchema: ToolDefinition['inputSchema'] = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: spec.properties,
    ...(spec.required ? { required: [...spec.required] } : {}),
    additionalProperties: false,
  };
  return Object.freeze({
    name: spec.name,
    description: spec.description,
    inputSchema,
    annotations: Object.freeze({ ...spec.annotations }),
    async handler(args: unknown, extra?: unknown) {
      let checked: Record<string, unknown>;
      let context: ToolCallExtra;
      try {
        context = readExtra(extra);
        checked = checkArgs(inputSchema, args);
      } catch (error) {
        return errorResult(error);
      }
      try {
        return toolResult(inToolWords(await spec.call(checked, context)) as Record<string, unknown>);
      } catch (error) {
        return errorResult(error, !(error instanceof ToolArgumentError));
      }
    },
  });
}

/** The fields of a handler's `extra` that the tools use; anything else in it (MCP's `sendNotification`, ...) is ignored. */
function readExtra(extra: unknown): ToolCallExtra {
  if (extra === undefined) return {};
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw invalid('extra', 'an object', extra);
  const { signal, onProgress, onOutput } = extra as Record<string, unknown>;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw invalid('extra.signal', 'an AbortSignal', signal);
  if (onProgress !== undefined && typeof onProgress !== 'function') throw invalid('extra.onProgress', 'a function', onProgress);
  if (onOutput !== undefined && typeof onOutput !== 'function') throw invalid('extra.onOutput', 'a function', onOutput);
  return {
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress: onProgress as NonNullable<ToolCallExtra['onProgress']> } : {}),
    ...(onOutput ? { onOutput: onOutput as NonNullable<ToolCallExtra['onOutput']> } : {}),
  };
}

/** A misuse of the tools' own arguments: its message is in the tools' spelling already. */
export class ToolArgumentError extends TypeError {}

/** The value of a field that has an alias (`command` / `cmd`); giving both is an error, not a silent pick. */
export function aliased(args: Record<string, unknown>, name: string, alias: string): unknown {
  if (args[name] !== undefined && args[alias] !== undefined) {
    throw new ToolArgumentError(`Give \`${name}\` or \`${alias}\`, not both`);
  }
  return args[name] ?? args[alias];
}

/** Copies the fields that are set, renamed. */
export function pick(args: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(names)) if (args[from] !== undefined) out[to] = args[from];
  return out;
}
