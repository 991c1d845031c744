import type { JsonSchema } from './types.js';

export const commandSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 1_000_000, description: 'The shell command (bash on POSIX).' };
export const cmdSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 1_000_000, description: 'Alias of `command`.' };
export const stringOrList = (description: string): JsonSchema => ({
  anyOf: [
    { type: 'string', minLength: 1 },
    { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
  ],
  description,
});
export const exitCode: JsonSchema = { type: 'integer', minimum: 0, maximum: 255 };
export const exitCodes = (description: string): JsonSchema => ({
  anyOf: [exitCode, { type: 'array', items: exitCode, minItems: 1 }],
  description,
});
export const idSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 200 };
export const labelSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, description: 'The checkpoint label.' };
