import type { JsonSchema } from './types.js';

// Bounds the handler still checks, but that a model need not read on every request (an unknown key is refused all the same).
const CHECKED_NOT_SHOWN = new Set([
  '$schema',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'description',
  'additionalProperties',
]);

/**
 * A schema without its bounds and nested descriptions. `keep` describes the top-level properties it
 * names (the others go without); without `keep`, each top-level property keeps its own description.
 * `shapes` replaces the shown schema of some properties by a shorter one.
 */
export function compactSchema<Schema extends JsonSchema>(
  schema: Schema,
  keep?: Record<string, string>,
  hidden: readonly string[] = [],
  shapes: Record<string, JsonSchema> = {},
): Schema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (hidden.includes(name)) continue;
    const description = keep ? keep[name] : property.description;
    properties[name] = { ...(shapes[name] ?? strip(property)), ...(description ? { description } : {}) };
  }
  // Only bounds and descriptions go: the schema keeps its type and its own keys.
  return { ...strip(schema), properties } as Schema;
}

function strip(schema: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // A map's value type (`env`: strings) says what to give; `false` only forbids what is refused anyway.
    if (key === 'additionalProperties' && typeof value === 'object') out[key] = strip(value as JsonSchema);
    else if (CHECKED_NOT_SHOWN.has(key)) continue;
    else if (key === 'properties')
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [name, strip(child)]),
      );
    else if (key === 'items') out[key] = strip(value as JsonSchema);
    else if (key === 'anyOf') Object.assign(out, mergedAnyOf((value as JsonSchema[]).map(strip)));
    else out[key] = value;
  }
  return out as JsonSchema;
}

/** `X or a list of X` as one typed schema (`{ type: [X, 'array'], items }`), fewer tokens for the same meaning. */
function mergedAnyOf(options: JsonSchema[]): JsonSchema {
  const [one, list] = options;
  const scalar = one?.type;
  if (
    options.length === 2 &&
    typeof scalar === 'string' &&
    Object.keys(one!).length === 1 &&
    list?.type === 'array' &&
    Object.keys(list).length === 2
  ) {
    return { type: [scalar, 'array'], items: list.items! };
  }
  return { anyOf: options };
}
