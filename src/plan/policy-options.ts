import { optionalOneOf, optionalStringArray, readOptionsObject } from '../validate.js';
import type { PolicyOptions } from './policy-types.js';

export interface NormalizedPolicyOptions {
  allow: string[];
  deny: string[];
  mode: 'enforce' | 'warn' | 'off';
}

export function normalizePolicyOptions(options: PolicyOptions | undefined): NormalizedPolicyOptions {
  const raw = readOptionsObject('options', options, ['allow', 'deny', 'mode']);
  const entries = (field: string): string[] =>
    (optionalStringArray(field, raw[field]) ?? []).map((e) => e.trim()).filter((e) => e.length > 0);
  return {
    allow: entries('allow'),
    deny: entries('deny'),
    mode: optionalOneOf('mode', raw.mode, ['enforce', 'warn', 'off'] as const) ?? 'enforce',
  };
}
