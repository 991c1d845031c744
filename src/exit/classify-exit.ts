import { parseCommandShape } from './command-shape.js';
import { exitRules } from './rules/index.js';
import { describeSignal } from './signals.js';
import { maskedExitOfShape } from './masked-exit.js';
import { normalizeExitRules, normalizeExitWrappers } from './normalize-rules.js';
import { readCommand } from './read-segment.js';
import type { Reading } from './read-segment.js';
import type { ExitRule } from './types.js';
import { exitWrappers } from './wrappers.js';
import { invalid, optionalBoolean, optionalString, readOptionsObject, requiredString } from '../validate.js';

const inputKeys = ['command', 'exitCode', 'signal', 'timedOut', 'stderr', 'pipefail', 'rules', 'wrappers'];

function combine(code: number, readings: readonly Reading[]): ExitClassification {
  const failing = readings.filter((r) => r.classification.status !== 'ok');
  const benign = readings.filter((r) => r.classification.status === 'ok');
  const pick = (list: readonly Reading[]): Reading =>
    [...list].reverse().find((r) => r.classification.message !== undefined) ?? (list.at(-1) as Reading);
  if (failing.length === 0 || benign.length === 0) return { ...pick(readings).classification };
  const ok = pick(benign);
  const failed = [...new Set(failing.map((r) => `\`${r.program ?? 'a command'}\``))].join(' or ');
  return {
    status: pick(failing).classification.status,
    message: `Exit ${code} is ambiguous: "${ok.classification.message ?? 'ok'}" from \`${ok.program ?? 'a command'}\`, or a failure of ${failed}`,
  };
}

/**
 * Reads what an exit means: grep's 1 is "No matches found" (ok), 127 names the missing command,
 * 137 is SIGKILL. Synchronous and cheap; judges the command whose status the shell reports.
 */
export function classifyExit(input: {
  /** The command as it was run (a shell string, or argv joined with spaces). */
  command: string;
  /** The exit code; null when the process was killed by a signal. */
  exitCode: number | null;
  /** The signal that killed the process, when `exitCode` is null (`SIGKILL`). */
  signal?: NodeJS.Signals | null;
  /** tersh's own timeout fired. @defaultValue false */
  timedOut?: boolean;
  /** The command's stderr (names the missing command of exit 127). */
  stderr?: string;
  /** The command ran with `set -o pipefail`. @defaultValue false */
  pipefail?: boolean;
  /** More rules, tried before the built-in ones. @defaultValue [] */
  rules?: readonly ExitRule[];
  /**
   * More wrappers to see through, besides the built-in ones (sudo, env, timeout, xargs…): plain data, each saying how
   * to find the command a wrapper program runs. @defaultValue []
   */
  wrappers?: readonly {
    /** Names the wrapper is invoked by. */
    readonly programs: readonly string[];
    /** Options that take a separate value (`-u root`). Attached forms (`-uroot`, `--user=root`) need no listing. */
    readonly valueOptions?: readonly string[];
    /** Positional words before the command (the duration in `timeout 5 cmd`). @defaultValue 0 */
    readonly leadingOperands?: number;
    /** `NAME=value` words before the command are skipped (env, sudo). @defaultValue false */
    readonly assignments?: boolean;
    /** Any of these flags means no command is run (`command -v grep` is a lookup). */
    readonly noCommandFlags?: readonly string[];
    /**
     * The wrapper exits with the wrapped command's status, so the wrapped program's rules apply
     * (after the wrapper's own rules, such as `timeout`'s 124). `xargs` maps statuses to its own codes.
     * @defaultValue true
     */
    readonly passesStatus?: boolean;
    /** Options whose separate value is taken only when the word after that value is not an option (`sudo -h host cmd`). */
    readonly optionalValues?: readonly string[];
    /** An option whose value is a shell string (`su -c "…"`): the program it runs is not a word of its own. */
    readonly shellOption?: string;
    /** The remaining words form one shell string (`watch "…"`). @defaultValue false */
    readonly joinsShellString?: boolean;
  }[];
}): {
  /** The verdict: `ok`, `error`, `signal` or `timeout`. */
  status: ExitRule['status'];
  /** A short interpretation ("No matches found", "Command not found: foo"); absent when the exit says it all. */
  message?: string;
  /** How to see a status the command's shape hides (`cmd | tail`, `cmd || true`). */
  hint?: string;
} {
  const read = readOptionsObject('input', input, inputKeys);
  const command = requiredString('command', read.command);
  const exitCode = read.exitCode;
  if (exitCode !== null && (typeof exitCode !== 'number' || !Number.isSafeInteger(exitCode) || exitCode < 0)) {
    throw invalid('exitCode', 'a non-negative integer or null', exitCode);
  }
  const signal = read.signal === null ? undefined : optionalString('signal', read.signal);
  const stderr = optionalString('stderr', read.stderr);
  const pipefail = optionalBoolean('pipefail', read.pipefail) ?? false;
  const rules = [...normalizeExitRules(read.rules), ...exitRules];
  const wrappers = [...normalizeExitWrappers(read.wrappers), ...exitWrappers];

  const shape = parseCommandShape(command);
  // With no exit status (timed out, killed) there is nothing a shape could have hidden.
  const timedOut = optionalBoolean('timedOut', read.timedOut) ?? false;
  const hint = timedOut || exitCode === null ? undefined : maskedExitOfShape(shape, pipefail, stderr)?.hint;
  const withHint = (classification: ExitClassification): ExitClassification =>
    hint === undefined ? classification : { ...classification, hint };

  if (timedOut) return withHint({ status: 'timeout', message: 'Timed out' });
  if (exitCode === null)
    return withHint(
      signal === undefined ? { status: 'error', message: 'No exit code' } : { status: 'signal', message: describeSignal(signal) },
    );
  if (exitCode === 0) return withHint({ status: 'ok' });
  return withHint(combine(exitCode, readCommand(command, pipefail, { code: exitCode, stderr, rules, wrappers })));
}

/** What `classifyExit` reads. */
export type ClassifyExitInput = Parameters<typeof classifyExit>[0];

/** The meaning of an exit. */
export type ExitClassification = ReturnType<typeof classifyExit>;
