import type { ExitRule } from './types.js';
import type { ExitWrapper } from './wrappers.js';
import {
  invalid,
  optionalBoolean,
  optionalInteger,
  optionalIntegerArray,
  optionalOneOf,
  optionalStringArray,
  readOptionsObject,
  requiredString,
} from '../validate.js';

function nonEmptyStrings(field: string, value: unknown): string[] {
  const list = optionalStringArray(field, value);
  if (list === undefined || list.length === 0) throw invalid(field, 'a non-empty array of strings', value);
  return list;
}

/** Validates caller-supplied exit rules (they may be model-written JSON). */
export function normalizeExitRules(value: unknown, field = 'rules'): ExitRule[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(field, 'an array of exit rules', value);
  return value.map((item, index) => {
    const at = `${field}[${index}]`;
    const rule = readOptionsObject(at, item, ['programs', 'subcommands', 'withArgs', 'codes', 'status', 'message']);
    const codes = optionalIntegerArray(`${at}.codes`, rule.codes, { min: 0, max: 255 });
    if (codes === undefined || codes.length === 0) throw invalid(`${at}.codes`, 'a non-empty array of integers', rule.codes);
    const normalized: ExitRule = {
      programs: nonEmptyStrings(`${at}.programs`, rule.programs),
      codes,
      status: optionalOneOf(`${at}.status`, rule.status, ['ok', 'error', 'signal', 'timeout'] as const) ?? 'error',
      message: requiredString(`${at}.message`, rule.message, { nonEmpty: true }),
    };
    if (rule.subcommands !== undefined) normalized.subcommands = nonEmptyStrings(`${at}.subcommands`, rule.subcommands);
    if (rule.withArgs !== undefined) normalized.withArgs = nonEmptyStrings(`${at}.withArgs`, rule.withArgs);
    return normalized;
  });
}

/** Validates caller-supplied wrappers. */
export function normalizeExitWrappers(value: unknown, field = 'wrappers'): ExitWrapper[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(field, 'an array of wrappers', value);
  return value.map((item, index) => {
    const at = `${field}[${index}]`;
    const wrapper = readOptionsObject(at, item, [
      'programs',
      'valueOptions',
      'leadingOperands',
      'assignments',
      'noCommandFlags',
      'passesStatus',
    ]);
    return {
      programs: nonEmptyStrings(`${at}.programs`, wrapper.programs),
      valueOptions: optionalStringArray(`${at}.valueOptions`, wrapper.valueOptions) ?? [],
      leadingOperands: optionalInteger(`${at}.leadingOperands`, wrapper.leadingOperands, { min: 0, max: 16 }) ?? 0,
      assignments: optionalBoolean(`${at}.assignments`, wrapper.assignments) ?? false,
      noCommandFlags: optionalStringArray(`${at}.noCommandFlags`, wrapper.noCommandFlags) ?? [],
      passesStatus: optionalBoolean(`${at}.passesStatus`, wrapper.passesStatus) ?? true,
    };
  });
}
