import { invalid, isPlainObject } from '../validate.js';
import type { JsonSchema } from './types.js';

/**
 * Checks model-written arguments against the subset of JSON Schema the tools use, throwing a
 * TypeError in the project's phrasing that names the field (`expect.stdout_contains`, `exclude[2]`).
 */
export function checkArgs(schema: JsonSchema, value: unknown): Record<string, unknown> {
  const args = value === undefined || value === null ? {} : value;
  if (!isPlainObject(args)) throw invalid('arguments', 'a plain object', value);
  checkValue(schema, args, '');
  return args;
}

function checkValue(schema: JsonSchema, value: unknown, field: string): void {
  if (schema.anyOf) {
    const branch = schema.anyOf.find((option) => matchesType(option, value));
    if (!branch) throw invalid(field, expectation(schema), value);
    checkValue(branch, value, field);
    return;
  }
  if (!matchesType(schema, value)) throw invalid(field, expectation(schema), value);
  if (schema.enum && !schema.enum.includes(value as string)) throw invalid(field, expectation(schema), value);
  if (typeof value === 'number') checkNumber(schema, value, field);
  if (typeof value === 'string') checkString(schema, value, field);
  if (Array.isArray(value)) checkArray(schema, value, field);
  else if (isPlainObject(value)) checkObject(schema, value, field);
}

function checkObject(schema: JsonSchema, value: Record<string, unknown>, field: string): void {
  const properties = schema.properties ?? {};
  const known = Object.keys(properties);
  const at = (key: string) => (field === '' ? clip(key) : `${field}.${clip(key)}`);
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(properties, key)) continue;
    if (extra && key !== '__proto__') checkValue(extra, value[key], at(key));
    else if (extra) throw new TypeError(`Expected \`${field}\` to have no \`__proto__\` key`);
    else throw new TypeError(`Unknown option \`${at(key)}\`; expected one of: ${known.join(', ')}`);
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) throw invalid(at(key), expectation(properties[key] ?? {}), undefined);
  }
  for (const key of known) {
    const item = value[key];
    if (item !== undefined) checkValue(properties[key] as JsonSchema, item, at(key));
  }
}

/** A model-written key as shown in a message: long ones cut. */
function clip(key: string): string {
  return key.length > 60 ? `${key.slice(0, 57)}...` : key;
}

function checkArray(schema: JsonSchema, value: unknown[], field: string): void {
  if (
    (schema.minItems !== undefined && value.length < schema.minItems) ||
    (schema.maxItems !== undefined && value.length > schema.maxItems)
  ) {
    throw invalid(field, expectation(schema), value);
  }
  if (schema.items) value.forEach((item, index) => checkValue(schema.items as JsonSchema, item, `${field}[${index}]`));
}

function checkNumber(schema: JsonSchema, value: number, field: string): void {
  if ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum)) {
    throw invalid(field, expectation(schema), value);
  }
}

function checkString(schema: JsonSchema, value: string, field: string): void {
  if (
    (schema.minLength !== undefined && value.length < schema.minLength) ||
    (schema.maxLength !== undefined && value.length > schema.maxLength)
  ) {
    throw invalid(field, expectation(schema), value);
  }
}

function matchesType(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((option) => matchesType(option, value));
  if (schema.type === undefined) return true;
  const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
  return types.some((type) => {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'boolean':
        return typeof value === 'boolean';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value);
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isPlainObject(value);
      case 'null':
        return value === null;
      default:
        return false;
    }
  });
}

function expectation(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(expectation).join(' or ');
  if (schema.enum) return `one of ${schema.enum.map((choice) => `'${String(choice)}'`).join(', ')}`;
  const type = typeof schema.type === 'string' ? schema.type : schema.type?.[0];
  switch (type) {
    case 'string':
      if (schema.maxLength !== undefined)
        return `a ${schema.minLength ? 'non-empty ' : ''}string of at most ${schema.maxLength} characters`;
      return schema.minLength ? 'a non-empty string' : 'a string';
    case 'integer':
      return integerRange(schema);
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'array': {
      const of = schema.items ? ` of ${plural(expectation(schema.items))}` : '';
      const count =
        schema.maxItems !== undefined
          ? ` (${schema.minItems ?? 0} to ${schema.maxItems} items)`
          : schema.minItems
            ? ' (not empty)'
            : '';
      return `an array${of}${count}`;
    }
    case 'object':
      return 'a plain object';
    default:
      return 'a JSON value';
  }
}

function integerRange(schema: JsonSchema): string {
  const { minimum: min, maximum: max } = schema;
  if (min === 0 && max === undefined) return 'a non-negative integer';
  if (min !== undefined && max !== undefined) return `an integer from ${min} to ${max}`;
  if (min !== undefined) return `an integer of at least ${min}`;
  return 'an integer';
}

function plural(text: string): string {
  return text.replace(/^an? (non-empty )?(\w+)/, (_, nonEmpty: string | undefined, noun: string) => `${nonEmpty ?? ''}${noun}s`);
}
