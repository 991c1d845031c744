import { parseCommandShape } from './command-shape.js';
import { exitRules } from './rules/index.js';
import { describeSignal } from './signals.js';
import { maskedExitOfShape } from './masked-exit.js';
import { normalizeExitRules, normalizeExitWrappers } from './normalize-rules.js';
import { readCommand } from './read-segment.js';
import type { Reading } from './read-segment.js';
import type { ExitClassification, ExitRule } from './types.js';
import { exitWrappers } from './wrappers.js';
import type { ExitWrapper } from './wrappers.js';
import { invalid, optionalBoolean, optionalString, readOptionsObject, requiredString } from '../validate.js';

/** What `classifyExit` reads. */
export interface ClassifyExitInput {
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
  /** More wrappers to see through, besides the built-in ones (sudo, env, timeout, xargs…). @defaultValue [] */
  wrappers?: readonly ExitWrapper[];
}

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
export function classifyExit(input: ClassifyExitInput): ExitClassification {
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
