import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkExpectations, snapshotGitState, diffGitStates, type GitSnapshot, type NormalizedExpectations } from '../expect/index.js';
import type { RecordStore } from '../store/index.js';
import type { FinishedRun } from './run-view.js';
import type { Executor } from '../executor/types.js';

const WHOLE_STREAM_LIMIT = 64 * 1024 * 1024;

/** Takes the git snapshot `changed` needs before the command runs. */
export async function beforeExpectations(expect: NormalizedExpectations | undefined, cwd: string): Promise<GitSnapshot | undefined> {
  return expect?.changed === undefined ? undefined : snapshotGitState(cwd);
}

/** The whole stdout when the view left part of it out (up to 64 MiB), so `stdoutContains` sees everything. */
async function wholeStdout(finished: FinishedRun, store: RecordStore): Promise<string> {
  if (!finished.result.stdoutTruncatedBytes) return finished.stdoutText;
  const path = join(store.dir, finished.result.id, 'stdout');
  const size = (await stat(path).catch(() => undefined))?.size ?? 0;
  return size <= WHOLE_STREAM_LIMIT ? readFile(path, 'utf8') : finished.stdoutText;
}

/** Checks the expectations against a finished attempt and writes `assertOk`, `assertionsFailed` and `filesChanged` into its result. */
export async function applyExpectations(
  finished: FinishedRun,
  expect: NormalizedExpectations,
  context: { cwd: string; store: RecordStore; gitBefore: GitSnapshot | undefined; executor?: Executor | undefined },
): Promise<void> {
  if (context.executor) {
    await applyInTarget(finished, expect, { ...context, executor: context.executor });
    return;
  }
  const { result } = finished;
  let git: { before: GitSnapshot; after: GitSnapshot } | undefined;
  if (context.gitBefore) {
    git = { before: context.gitBefore, after: await snapshotGitState(context.cwd) };
    if (!git.before.problem && !git.after.problem) {
      const changed = diffGitStates(git.before, git.after);
      if (changed.length > 0) result.filesChanged = changed;
    }
  }
  const report = checkExpectations(
    { exit: result.exit, ms: result.ms, stdout: await wholeStdout(finished, context.store), stderr: finished.stderrText },
    expect,
    { cwd: context.cwd, ...(git ? { git } : {}) },
  );
  result.assertOk = report.assertOk;
  if (report.assertionsFailed) result.assertionsFailed = report.assertionsFailed;
}

/** Over an executor: `fileExists` / `fileAbsent` are checked in the target, the rest as on the host (same phrasing). */
async function applyInTarget(
  finished: FinishedRun,
  expect: NormalizedExpectations,
  context: { cwd: string; store: RecordStore; executor: Executor },
): Promise<void> {
  const { result } = finished;
  const present = expect.fileExists ?? [];
  const absent = expect.fileAbsent ?? [];
  const found = await context.executor.pathsExist([...present, ...absent], context.cwd);
  const failed: string[] = [];
  present.forEach((path, index) => {
    if (!found[index]) failed.push(`expected file "${path}" to exist; it does not`);
  });
  absent.forEach((path, index) => {
    if (found[present.length + index]) failed.push(`expected file "${path}" to be absent; it exists`);
  });
  const { fileExists: _present, fileAbsent: _absent, ...rest } = expect;
  const report = checkExpectations(
    { exit: result.exit, ms: result.ms, stdout: await wholeStdout(finished, context.store), stderr: finished.stderrText },
    rest,
    { cwd: context.cwd },
  );
  const assertionsFailed = [...failed, ...(report.assertionsFailed ?? [])];
  result.assertOk = report.assertOk && failed.length === 0;
  if (assertionsFailed.length > 0) result.assertionsFailed = assertionsFailed;
}
