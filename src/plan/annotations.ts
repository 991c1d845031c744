import type { Plan } from './types.js';

/**
 * Derives MCP's tool hints from a plan; undecidable plans get the cautious answer.
 */
export function toolAnnotations(plan: Plan): {
  /** The command only reads (category `read-only`). */
  readOnlyHint: boolean;
  /** The command may destroy data. */
  destructiveHint: boolean;
  /** Running it twice does what running it once does (true for read-only commands). */
  idempotentHint: boolean;
  /** The command may reach the network or the world outside the work tree. */
  openWorldHint: boolean;
} {
  const readOnly = plan.category === 'read-only';
  return {
    readOnlyHint: readOnly,
    destructiveHint: plan.destructive,
    idempotentHint: readOnly,
    openWorldHint: plan.category === 'complex' || plan.category === 'unknown' || plan.segments.some((s) => s.network),
  };
}

/** MCP tool annotations derived from a plan. */
export type ToolAnnotations = ReturnType<typeof toolAnnotations>;
