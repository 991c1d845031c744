import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalizeExpectations } from './expectations.js';
import type { Expectations, NormalizedExpectations } from './expectations.js';
import { diffGitStates } from './git-state.js';
import type { GitSnapshot } from './git-state.js';
import { countLines, findInText, type StdoutFindings } from './stdout-findings.js';
import { optionalStringArray, readOptionsObject, requiredString } from '../validate.js';

/** What the expectations are checked against. */
export type ExpectationSubject = Parameters<typeof checkExpectations>[0];

/** Options of {@link checkExpectations}. */
export type CheckExpectationsOptions = Parameters<typeof checkExpectations>[2];

/** What {@link checkExpectations} found. */
export type ExpectationReport = ReturnType<typeof checkExpectations>;

/** The options run() passes: the git snapshots it took around the command, for `changed` (internal). */
export interface SnapshotCheckOptions extends CheckExpectationsOptions {
  git?: { before: GitSnapshot; after: GitSnapshot };
}

function orList(items: readonly (string | number)[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) as string | number}`;
}

function describeLines(lines: number | undefined): string {
  if (lines === 0) return 'stdout was empty';
  return lines === 1 ? '1 line' : `${lines} lines`;
}

function listPaths(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).join(', ');
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim().length > 0) ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function changedSentences(expected: boolean | readonly string[], options: SnapshotCheckOptions): string[] {
  let changed = options.filesChanged;
  if (changed === undefined && options.git !== undefined) {
    const problem = options.git.before.problem ?? options.git.after.problem;
    if (problem !== undefined) return [`cannot check "changed": ${problem}`];
    changed = diffGitStates(options.git.before, options.git.after);
  }
  if (changed === undefined) return ['cannot check "changed": no git snapshots were taken before and after the command'];
  if (expected === true) return changed.length > 0 ? [] : ['expected tracked files to change; none did'];
  if (expected === false) {
    if (changed.length === 0) return [];
    return [
      `expected no tracked files to change; ${changed.length === 1 ? '1 did' : `${changed.length} did`}: ${listPaths(changed)}`,
    ];
  }
  return expected
    .filter((path) => !changed.includes(path.replace(/^\.\//, '')))
    .map((path) => `expected "${path}" to change; it did not`);
}

/**
 * Checks a finished command against its expectations; one readable sentence per failure.
 * Synchronous: it reads the file system for `fileExists` / `fileAbsent` only. `run()` checks a stored stdout
 * in pieces instead, yielding to the event loop between them.
 */
export function checkExpectations(
  result: {
    /** The exit code, or `null` when the process was killed. */
    exit: number | null;
    /** How long the command took, in milliseconds. */
    ms: number;
    /** The whole decoded stdout (not a condensed view). */
    stdout: string;
    /** The whole decoded stderr. */
    stderr: string;
  },
  expect: Expectations,
  options: {
    /** The command's working folder; relative file paths are resolved against it. */
    cwd: string;
    /** Repo-root-relative paths the command changed (e.g. from `git status`), for `changed`. */
    filesChanged?: readonly string[];
  },
): {
  /** True when every expectation held. */
  assertOk: boolean;
  /** One sentence per failed expectation; absent when all held. */
  assertionsFailed?: string[];
} {
  const checks = normalizeExpectations(expect);
  return checkAgainstFindings(result, checks, options, findInText(result.stdout, checks));
}

/** {@link checkExpectations} with the stdout checks already made (by `findInChunks` for a stored stdout). */
export function checkAgainstFindings(
  result: Omit<ExpectationSubject, 'stdout'>,
  checks: NormalizedExpectations,
  options: CheckExpectationsOptions,
  stdout: StdoutFindings,
): ExpectationReport {
  const read = readOptionsObject('options', options, ['cwd', 'filesChanged', 'git']);
  const cwd = requiredString('cwd', read.cwd, { nonEmpty: true });
  optionalStringArray('filesChanged', read.filesChanged);
  const failed: string[] = [];
  if (checks.exit !== undefined && (result.exit === null || !checks.exit.includes(result.exit))) {
    failed.push(
      `expected exit ${orList(checks.exit)}, got ${result.exit === null ? 'none (the process was killed)' : result.exit}`,
    );
  }
  for (const text of stdout.missing)
    failed.push(`expected stdout to contain ${JSON.stringify(text)}; it did not (${describeLines(stdout.lines)})`);
  if (!stdout.matched)
    failed.push(`expected stdout to match ${String(checks.stdoutMatches)}; it did not (${describeLines(stdout.lines)})`);
  if (checks.stderrEmpty === true && result.stderr.length > 0) {
    failed.push(
      `expected stderr to be empty; it had ${describeLines(countLines(result.stderr))}, first: ${JSON.stringify(firstLine(result.stderr))}`,
    );
  }
  if (checks.stderrEmpty === false && result.stderr.length === 0) failed.push('expected stderr not to be empty; it was');
  for (const path of checks.fileExists ?? []) {
    if (!existsSync(resolve(cwd, path))) failed.push(`expected file "${path}" to exist; it does not`);
  }
  for (const path of checks.fileAbsent ?? []) {
    if (existsSync(resolve(cwd, path))) failed.push(`expected file "${path}" to be absent; it exists`);
  }
  if (checks.changed !== undefined) failed.push(...changedSentences(checks.changed, options as SnapshotCheckOptions));
  if (checks.maxMs !== undefined && result.ms > checks.maxMs) {
    failed.push(`expected to finish within ${checks.maxMs} ms; took ${Math.round(result.ms)} ms`);
  }
  return failed.length === 0 ? { assertOk: true } : { assertOk: false, assertionsFailed: failed };
}
