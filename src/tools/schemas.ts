import { invalid } from '../validate.js';
import type { JsonSchema } from './types.js';

/** fast-glob and minimatch throw an untyped Error past 10 000 / 65 536 characters: refuse long globs first. */
const MAX_GLOB_LENGTH = 10_000;

/** The glob(s) of a `stringOrList` field as a list, each at most 10 000 characters (TypeError naming the field otherwise). */
export function globList(field: string, value: unknown): string[] {
  const globs = value === undefined ? [] : typeof value === 'string' ? [value] : (value as string[]);
  globs.forEach((glob, index) => {
    if (glob.length > MAX_GLOB_LENGTH)
      throw invalid(
        typeof value === 'string' ? field : `${field}[${index}]`,
        `a glob of at most ${MAX_GLOB_LENGTH} characters`,
        glob,
      );
  });
  return globs;
}

export const commandSchema: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 1_000_000,
  description: 'The shell command (bash on POSIX).',
};
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
export const folderSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 4096 };
export const labelSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, description: 'The checkpoint label.' };
