import type { Plan } from './types.js';

/**
 * MCP tool annotations derived from a plan.
 * @public
 */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * Derives MCP's tool hints from a plan; undecidable plans get the cautious answer.
 * @public
 */
export function toolAnnotations(plan: Plan): ToolAnnotations {
  const readOnly = plan.category === 'read-only';
  return {
    readOnlyHint: readOnly,
    destructiveHint: plan.destructive,
    idempotentHint: readOnly,
    openWorldHint: plan.category === 'complex' || plan.category === 'unknown' || plan.segments.some((s) => s.network),
  };
}
