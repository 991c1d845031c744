import {
  invalid,
  optionalBoolean,
  optionalInteger,
  optionalString,
  optionalStringArray,
  optionalStringRecord,
  readOptionsObject,
} from '../validate.js';
import { toPattern } from './prompt.js';
import type { PtyOpenOptions, PtyRunOptions } from './types.js';

export interface NormalizedOpenOptions {
  command: string;
  args: string[] | undefined;
  cols: number;
  rows: number;
  cwd: string | undefined;
  env: Record<string, string>;
  prompt: RegExp | string | undefined;
  startTimeoutMs: number;
}

export interface NormalizedRunOptions {
  expect: RegExp | undefined;
  timeoutMs: number;
  interruptOnTimeout: boolean;
  enter: boolean;
  signal: AbortSignal | undefined;
  budgetTokens: number | undefined;
  secret: boolean;
}

const OPEN_KEYS = ['command', 'args', 'cols', 'rows', 'cwd', 'env', 'prompt', 'startTimeoutMs'];
const RUN_KEYS = ['expect', 'timeoutMs', 'interruptOnTimeout', 'enter', 'signal', 'budgetTokens', 'secret'];

export function normalizeOpenOptions(options: PtyOpenOptions | undefined): NormalizedOpenOptions {
  const raw = readOptionsObject('options', options ?? {}, OPEN_KEYS);
  return {
    command: optionalString('command', raw.command, { nonEmpty: true, maxLength: 4096 }) ?? 'bash',
    args: optionalStringArray('args', raw.args),
    cols: optionalInteger('cols', raw.cols, { min: 10, max: 1000 }) ?? 120,
    rows: optionalInteger('rows', raw.rows, { min: 2, max: 1000 }) ?? 40,
    cwd: optionalString('cwd', raw.cwd, { nonEmpty: true }),
    env: optionalStringRecord('env', raw.env) ?? {},
    prompt: pattern('prompt', raw.prompt),
    startTimeoutMs: optionalInteger('startTimeoutMs', raw.startTimeoutMs, { min: 1, max: 600_000 }) ?? 10_000,
  };
}

export function normalizeRunOptions(
  input: unknown,
  options: PtyRunOptions | undefined,
): NormalizedRunOptions & { input: string } {
  if (typeof input !== 'string') throw invalid('input', 'a string', input);
  if (input.length > 1024 * 1024) throw invalid('input', 'a string of at most 1 MiB', input);
  const raw = readOptionsObject('options', options ?? {}, RUN_KEYS);
  const expect = pattern('expect', raw.expect);
  if (raw.signal !== undefined && !(raw.signal instanceof AbortSignal)) throw invalid('signal', 'an AbortSignal', raw.signal);
  // Control keys alone (Ctrl-C, Ctrl-D) and input that ends in a newline are sent as they are.
  // eslint-disable-next-line no-control-regex
  const pressEnterByDefault = !/^[\x00-\x1f]+$/.test(input) && !/[\r\n]$/.test(input);
  return {
    input,
    expect: expect === undefined ? undefined : toPattern(expect),
    timeoutMs: optionalInteger('timeoutMs', raw.timeoutMs, { min: 1, max: 3_600_000 }) ?? 30_000,
    interruptOnTimeout: optionalBoolean('interruptOnTimeout', raw.interruptOnTimeout) ?? true,
    enter: optionalBoolean('enter', raw.enter) ?? pressEnterByDefault,
    signal: raw.signal as AbortSignal | undefined,
    budgetTokens: optionalInteger('budgetTokens', raw.budgetTokens, { min: 50 }),
    secret: optionalBoolean('secret', raw.secret) ?? false,
  };
}

function pattern(field: string, value: unknown): RegExp | string | undefined {
  if (value === undefined || value instanceof RegExp) return value;
  if (typeof value === 'string' && value.length > 0 && value.length <= 1000) return value;
  throw invalid(field, 'a RegExp or a non-empty string of at most 1000 characters', value);
}
