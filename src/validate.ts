// Validation of options that may come from a model as untrusted JSON.
// Every failure is a TypeError in one fixed phrasing naming the field:
//   Expected `timeoutMs` to be a non-negative integer, got `-5` (number)

export function describeValue(value: unknown): string {
  let shown: string;
  try {
    shown = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    // Too deep to stringify (an array nested 5 000 levels), cyclic, or a BigInt: say what it is instead.
    shown = Array.isArray(value)
      ? '[…]'
      : typeof value === 'object' && value !== null
        ? '{…}'
        : typeof value === 'bigint'
          ? `${value}n`
          : '…';
  }
  if (shown.length > 60) shown = `${shown.slice(0, 57)}...`;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return `\`${shown}\` (${kind})`;
}

/**
 * What a validation error says, in parts: the field, what it should be, what it was (or, for an unknown key, the keys
 * allowed). A presenter (the tools' snake_case) rebuilds the sentence from them rather than editing its text.
 */
export type ValidationIssue =
  { field: string; expected: string; got: string } | { field: string; allowedKeys: readonly string[] };

const issueKey = Symbol('tersh.validationIssue');

export function validationIssue(error: unknown): ValidationIssue | undefined {
  return error instanceof TypeError
    ? ((error as unknown as Record<symbol, ValidationIssue | undefined>)[issueKey] ?? undefined)
    : undefined;
}

/** The fixed phrasing of an issue, with each field name passed through `name` (the identity by default). */
export function describeIssue(issue: ValidationIssue, name: (field: string) => string = (field) => field): string {
  if ('allowedKeys' in issue)
    return `Unknown option \`${name(issue.field)}\`; expected one of: ${issue.allowedKeys.map(name).join(', ')}`;
  return `Expected \`${name(issue.field)}\` to be ${issue.expected}, got ${issue.got}`;
}

export function issueError(issue: ValidationIssue, options?: ErrorOptions): TypeError {
  return Object.defineProperty(new TypeError(describeIssue(issue), options), issueKey, { value: issue });
}

export function invalid(field: string, expectation: string, value: unknown): TypeError {
  return issueError({ field, expected: expectation, got: describeValue(value) });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Checks an options object and rejects unknown keys, so nothing a caller wrote is dropped silently. */
export function readOptionsObject(field: string, value: unknown, allowedKeys: readonly string[]): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw invalid(field, 'a plain object', value);
  for (const key of Object.keys(value)) {
    if (!allowedKeys.includes(key)) {
      throw issueError({ field: field === 'options' ? key : `${field}.${key}`, allowedKeys });
    }
  }
  return { ...value };
}

export function optionalInteger(field: string, value: unknown, bounds: { min?: number; max?: number } = {}): number | undefined {
  if (value === undefined) return undefined;
  const min = bounds.min ?? 0;
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = min === 0 && max === Number.MAX_SAFE_INTEGER ? 'a non-negative integer' : `an integer from ${min} to ${max}`;
    throw invalid(field, range, value);
  }
  return value;
}

export function optionalBoolean(field: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, 'a boolean', value);
  return value;
}

export function optionalString(
  field: string,
  value: unknown,
  options: { nonEmpty?: boolean; maxLength?: number } = {},
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(field, 'a string', value);
  if (options.nonEmpty && value.length === 0) throw invalid(field, 'a non-empty string', value);
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    throw invalid(field, `a string of at most ${options.maxLength} characters`, value);
  }
  return value;
}

export function requiredString(field: string, value: unknown, options: { nonEmpty?: boolean; maxLength?: number } = {}): string {
  if (value === undefined) throw invalid(field, 'a string', value);
  return optionalString(field, value, options) as string;
}

export function optionalOneOf<T extends string>(field: string, value: unknown, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw invalid(field, `one of ${choices.map((c) => `'${c}'`).join(', ')}`, value);
  }
  return value as T;
}

export function optionalStringArray(field: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalid(field, 'an array of strings', value);
  value.forEach((item, index) => {
    if (typeof item !== 'string') throw invalid(`${field}[${index}]`, 'a string', item);
  });
  return [...value] as string[];
}

export function optionalIntegerArray(
  field: string,
  value: unknown,
  bounds: { min?: number; max?: number } = {},
): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalid(field, 'an array of integers', value);
  return value.map((item, index) => optionalInteger(`${field}[${index}]`, item, bounds) as number);
}

export function optionalStringRecord(field: string, value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw invalid(field, 'an object of strings', value);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw invalid(`${field}.${key}`, 'a string', item);
    out[key] = item;
  }
  return out;
}

/**
 * Environment variables: strings, under names with no `=` or NUL (`{"PATH=/x:": "y"}` would otherwise set PATH)
 * and values with no NUL (which would cut the value short, or make the spawn throw).
 */
export function optionalEnvRecord(field: string, value: unknown): Record<string, string> | undefined {
  const record = optionalStringRecord(field, value);
  for (const [key, item] of Object.entries(record ?? {})) {
    if (key === '' || key.includes('=') || key.includes('\0'))
      throw invalid(field, 'an object whose keys are non-empty and have no `=` or NUL character', key);
    if (item.includes('\0')) throw invalid(`${field}.${key}`, 'a string without NUL characters', item);
  }
  return record;
}
