import {
  invalid,
  optionalBoolean,
  optionalInteger,
  optionalIntegerArray,
  optionalStringArray,
  readOptionsObject,
} from '../validate.js';
import { linearRegExp } from '../linear-regexp.js';

/**
 * Post-conditions checked in the same call as the command; each failure becomes one sentence.
 */
export interface Expectations {
  /** The exit code, or any of several. */
  exit?: number | readonly number[];
  /** Text stdout must contain (each of them, when several). */
  stdoutContains?: string | readonly string[];
  /**
   * A regular expression stdout must match; `^` and `$` match at line ends (the `m` flag). It runs on RE2, in time
   * linear in the output: backreferences and lookaround are refused with a TypeError.
   */
  stdoutMatches?: string | RegExp;
  /** `true`: stderr must be empty; `false`: stderr must not be empty. */
  stderrEmpty?: boolean;
  /** Paths (relative to the command's cwd) that must exist afterwards. */
  fileExists?: string | readonly string[];
  /** Paths (relative to the command's cwd) that must not exist afterwards. */
  fileAbsent?: string | readonly string[];
  /**
   * Git-visible files (tracked, or untracked and not ignored) compared before and after:
   * `true` some must change, `false` none may change, a list: each of these paths (relative to the
   * repository root) must change.
   */
  changed?: boolean | readonly string[];
  /** The command must finish within this many milliseconds. */
  maxMs?: number;
}

/** Expectations after validation: lists are lists, the regex is compiled. */
export interface NormalizedExpectations {
  exit?: readonly number[];
  stdoutContains?: readonly string[];
  stdoutMatches?: RegExp;
  stderrEmpty?: boolean;
  fileExists?: readonly string[];
  fileAbsent?: readonly string[];
  changed?: boolean | readonly string[];
  maxMs?: number;
}

const keys = ['exit', 'stdoutContains', 'stdoutMatches', 'stderrEmpty', 'fileExists', 'fileAbsent', 'changed', 'maxMs'];

function stringOrList(field: string, value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? [value] : optionalStringArray(field, value);
  if (list !== undefined && (list.length === 0 || list.some((item) => item.length === 0))) {
    throw invalid(field, 'a non-empty string or a non-empty array of non-empty strings', value);
  }
  return list;
}

function exitCodes(field: string, value: unknown): number[] | undefined {
  if (typeof value === 'number') return [optionalInteger(field, value, { min: 0, max: 255 }) as number];
  const codes = optionalIntegerArray(field, value, { min: 0, max: 255 });
  if (codes !== undefined && codes.length === 0) throw invalid(field, 'an exit code or a non-empty array of exit codes', value);
  return codes;
}

/** A string gets the `m` flag; a RegExp keeps its flags but `g` and `y` (state between test() calls). Runs on RE2. */
function lineRegExp(field: string, value: unknown): RegExp | undefined {
  return linearRegExp(field, value, 'm');
}

/**
 * Validates expectations that may be model-written JSON. Throws a `TypeError` naming the field
 * (`expect.stdoutMatches` for an invalid regex). Idempotent.
 */
export function normalizeExpectations(value: unknown, field = 'expect'): NormalizedExpectations {
  const read = readOptionsObject(field, value, keys);
  const at = (key: string) => `${field}.${key}`;
  const out: NormalizedExpectations = {};
  const exit = exitCodes(at('exit'), read.exit);
  if (exit !== undefined) out.exit = exit;
  const contains = stringOrList(at('stdoutContains'), read.stdoutContains);
  if (contains !== undefined) out.stdoutContains = contains;
  const matches = lineRegExp(at('stdoutMatches'), read.stdoutMatches);
  if (matches !== undefined) out.stdoutMatches = matches;
  const stderrEmpty = optionalBoolean(at('stderrEmpty'), read.stderrEmpty);
  if (stderrEmpty !== undefined) out.stderrEmpty = stderrEmpty;
  const exists = stringOrList(at('fileExists'), read.fileExists);
  if (exists !== undefined) out.fileExists = exists;
  const absent = stringOrList(at('fileAbsent'), read.fileAbsent);
  if (absent !== undefined) out.fileAbsent = absent;
  if (typeof read.changed === 'boolean') out.changed = read.changed;
  else if (typeof read.changed === 'string' || Array.isArray(read.changed))
    out.changed = stringOrList(at('changed'), read.changed) as string[];
  else if (read.changed !== undefined) throw invalid(at('changed'), 'a boolean or an array of paths', read.changed);
  const maxMs = optionalInteger(at('maxMs'), read.maxMs);
  if (maxMs !== undefined) out.maxMs = maxMs;
  return out;
}
