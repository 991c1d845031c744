import { invalid, isPlainObject, optionalInteger, optionalOneOf, optionalStringArray, readOptionsObject } from '../validate.js';
import { linearRegExp } from '../linear-regexp.js';
import type { PlanOptions, PlanRule } from './types.js';

export interface NormalizedPlanOptions {
  rules: readonly PlanRule[];
  maxDepth: number;
  parseTimeoutMs: number;
  maxLength: number;
  shell: 'bash' | 'powershell';
}

const ruleKeys = [
  'id',
  'program',
  'subcommand',
  'flags',
  'unlessFlags',
  'argPattern',
  'textPattern',
  'operands',
  'category',
  'warning',
  'reversible',
  'effects',
  'network',
  'valueOptions',
];
const categories = ['read-only', 'mutating', 'network', 'destructive'];

function stringPattern(field: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(field, 'a regular expression string', value);
  return value;
}

function readRule(field: string, value: unknown): PlanRule {
  const rule = readOptionsObject(field, value, ruleKeys);
  if (typeof rule.id !== 'string' || rule.id === '') throw invalid(`${field}.id`, 'a non-empty string', rule.id);
  if (typeof rule.program !== 'string') optionalStringArray(`${field}.program`, rule.program ?? null);
  if (typeof rule.category !== 'string' || !categories.includes(rule.category)) {
    throw invalid(`${field}.category`, `one of ${categories.map((c) => `'${c}'`).join(', ')}`, rule.category);
  }
  optionalStringArray(`${field}.subcommand`, rule.subcommand);
  optionalStringArray(`${field}.unlessFlags`, rule.unlessFlags);
  optionalStringArray(`${field}.valueOptions`, rule.valueOptions);
  if (rule.flags !== undefined) {
    if (!Array.isArray(rule.flags)) throw invalid(`${field}.flags`, 'an array of arrays of strings', rule.flags);
    rule.flags.forEach((group, i) => optionalStringArray(`${field}.flags[${i}]`, group ?? null));
  }
  linearRegExp(
    `${field}.argPattern`,
    rule.argPattern === undefined ? undefined : stringPattern(`${field}.argPattern`, rule.argPattern),
  );
  linearRegExp(
    `${field}.textPattern`,
    rule.textPattern === undefined ? undefined : stringPattern(`${field}.textPattern`, rule.textPattern),
    'i',
  );
  if (rule.operands !== undefined && rule.operands !== 'none' && rule.operands !== 'some')
    throw invalid(`${field}.operands`, "'none' or 'some'", rule.operands);
  if (rule.warning !== undefined && typeof rule.warning !== 'string') throw invalid(`${field}.warning`, 'a string', rule.warning);
  for (const key of ['reversible', 'network'] as const) {
    if (rule[key] !== undefined && typeof rule[key] !== 'boolean') throw invalid(`${field}.${key}`, 'a boolean', rule[key]);
  }
  if (rule.effects !== undefined && !isPlainObject(rule.effects))
    throw invalid(`${field}.effects`, 'a plain object', rule.effects);
  return rule as unknown as PlanRule;
}

export function normalizePlanOptions(options: unknown): NormalizedPlanOptions {
  const raw = readOptionsObject('options', options, ['rules', 'maxDepth', 'parseTimeoutMs', 'maxLength', 'shell']);
  let rules: PlanRule[] = [];
  if (raw.rules !== undefined) {
    if (!Array.isArray(raw.rules)) throw invalid('rules', 'an array of rules', raw.rules);
    rules = raw.rules.map((rule, i) => readRule(`rules[${i}]`, rule));
  }
  return {
    rules,
    maxDepth: optionalInteger('maxDepth', raw.maxDepth, { min: 0, max: 16 }) ?? 3,
    parseTimeoutMs: optionalInteger('parseTimeoutMs', raw.parseTimeoutMs, { min: 1, max: 60_000 }) ?? 50,
    maxLength: optionalInteger('maxLength', raw.maxLength, { min: 1, max: 1_000_000 }) ?? 10_000,
    shell: optionalOneOf('shell', raw.shell, ['bash', 'powershell'] as const) ?? 'bash',
  } satisfies Required<{ [K in keyof PlanOptions]: unknown }>;
}
