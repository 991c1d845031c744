import {
  invalid,
  isPlainObject,
  optionalInteger,
  optionalOneOf,
  optionalString,
  readOptionsObject,
  requiredString,
} from '../validate.js';
import type { CondenseInput, CondenseOptions, Recogniser, StreamCut } from './types.js';

export interface NormalizedCondense {
  command: string;
  stdout: string;
  stderr: string;
  exitCode: number | null | undefined;
  budgetTokens: number;
  mode: 'smart' | 'lossless';
  recordId: string | undefined;
  recognisers: readonly Recogniser[];
  cuts: { stdout?: StreamCut; stderr?: StreamCut };
}

/**
 * The token budget {@link condense} uses when none is given: about one agent turn's worth of output.
 */
export const DEFAULT_BUDGET_TOKENS = 2000;
const INPUT_KEYS = ['command', 'stdout', 'stderr', 'exitCode'] as const;
const OPTION_KEYS = ['budgetTokens', 'mode', 'recordId', 'recognizers', 'cuts'] as const;

export function normalizeCondense(input: CondenseInput, options: CondenseOptions | undefined): NormalizedCondense {
  if (!isPlainObject(input)) throw invalid('input', 'a plain object', input);
  const given = readOptionsObject('input', input, INPUT_KEYS);
  const opts = readOptionsObject('options', options, OPTION_KEYS);
  const exitCode =
    given.exitCode === null ? null : optionalInteger('exitCode', given.exitCode, { min: -(2 ** 31), max: 2 ** 32 });
  return {
    command: optionalString('command', given.command) ?? '',
    stdout: requiredString('stdout', given.stdout),
    stderr: optionalString('stderr', given.stderr) ?? '',
    exitCode,
    budgetTokens: optionalInteger('budgetTokens', opts.budgetTokens, { min: 1 }) ?? DEFAULT_BUDGET_TOKENS,
    mode: optionalOneOf('mode', opts.mode, ['smart', 'lossless'] as const) ?? 'smart',
    recordId: optionalString('recordId', opts.recordId, { nonEmpty: true, maxLength: 200 }),
    recognisers: readRecognisers('recognizers', opts.recognizers),
    cuts: readCuts(opts.cuts),
  };
}

function readCuts(value: unknown): { stdout?: StreamCut; stderr?: StreamCut } {
  const cuts = readOptionsObject('cuts', value, ['stdout', 'stderr']);
  const out: { stdout?: StreamCut; stderr?: StreamCut } = {};
  for (const stream of ['stdout', 'stderr'] as const) {
    if (cuts[stream] === undefined) continue;
    const cut = readOptionsObject(`cuts.${stream}`, cuts[stream], ['markerLine', 'resumesAtLine']);
    const markerLine = optionalInteger(`cuts.${stream}.markerLine`, cut.markerLine, { min: 1 });
    const resumesAtLine = optionalInteger(`cuts.${stream}.resumesAtLine`, cut.resumesAtLine, { min: 1 });
    if (markerLine === undefined || resumesAtLine === undefined)
      throw invalid(`cuts.${stream}`, 'an object with `markerLine` and `resumesAtLine`', cuts[stream]);
    out[stream] = { markerLine, resumesAtLine };
  }
  return out;
}

function readRecognisers(field: string, value: unknown): readonly Recogniser[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(field, 'an array of recognizers', value);
  value.forEach((item: unknown, index) => {
    if (!isPlainObject(item) || typeof item.name !== 'string')
      throw invalid(`${field}[${index}]`, 'a recognizer object with a `name`', item);
    for (const key of ['command', 'detect'] as const) {
      if (item[key] !== undefined && !(item[key] instanceof RegExp))
        throw invalid(`${field}[${index}].${key}`, 'a RegExp', item[key]);
    }
    for (const key of ['signals', 'summary', 'structure', 'noise'] as const) {
      const list = item[key];
      if (list !== undefined && (!Array.isArray(list) || !list.every((p) => p instanceof RegExp))) {
        throw invalid(`${field}[${index}].${key}`, 'an array of RegExps', list);
      }
    }
  });
  return value as Recogniser[];
}
