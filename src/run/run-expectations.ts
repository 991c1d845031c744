import { snapshotGitState, diffGitStates, type GitSnapshot, type NormalizedExpectations } from '../expect/index.js';
import { checkAgainstFindings } from '../expect/check-expectations.js';
import { findInChunks, findInText, type StdoutFindings } from '../expect/stdout-findings.js';
import type { FinishedRun } from './build-result.js';
import { chunkDecoder } from './decode.js';
import type { ExecutorTarget } from '../executor/types.js';

const WHOLE_STREAM_LIMIT = 64 * 1024 * 1024;

/** Takes the git snapshot `changed` needs before the command runs. */
export async function beforeExpectations(
  expect: NormalizedExpectations | undefined,
  cwd: string,
): Promise<GitSnapshot | undefined> {
  return expect?.changed === undefined ? undefined : snapshotGitState(cwd);
}

const READ_BYTES = 1024 * 1024;

async function* decodedChunks(
  stored: NonNullable<FinishedRun['storedStdout']>,
  encoding: string | undefined,
): AsyncGenerator<string> {
  const decode = chunkDecoder(stored.head, encoding);
  for await (const bytes of stored.file.readBack(READ_BYTES)) yield decode(bytes);
}

/**
 * The stdout checks over the whole stdout: the view's text when it holds all of it, else the record (up to 64 MiB,
 * decoded as the view was) in pieces that leave the event loop free between them.
 */
async function findInStdout(
  finished: FinishedRun,
  checks: NormalizedExpectations,
  encoding: string | undefined,
): Promise<StdoutFindings> {
  const stored = finished.storedStdout;
  const readable = stored !== undefined && stored.file.error === undefined && stored.bytes <= WHOLE_STREAM_LIMIT;
  if (!readable || (checks.stdoutContains === undefined && checks.stdoutMatches === undefined))
    return findInText(finished.stdoutText, checks);
  // A record gone from under the run (evicted, its folder removed) leaves the view's text to check.
  return findInChunks(decodedChunks(stored, encoding), checks).catch(() => findInText(finished.stdoutText, checks));
}

/** Checks the expectations against a finished attempt and writes `assertOk`, `assertionsFailed` and `filesChanged` into its result. */
export async function applyExpectations(
  finished: FinishedRun,
  expect: NormalizedExpectations,
  context: {
    cwd: string;
    encoding: string | undefined;
    gitBefore: GitSnapshot | undefined;
    executor?: ExecutorTarget | undefined;
  },
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
  const report = checkAgainstFindings(
    { exit: result.exit, ms: result.ms, stderr: finished.stderrText },
    expect,
    { cwd: context.cwd, ...(git ? { git } : {}) },
    await findInStdout(finished, expect, context.encoding),
  );
  result.assertOk = report.assertOk;
  if (report.assertionsFailed) result.assertionsFailed = report.assertionsFailed;
}

/** Over an executor: `fileExists` / `fileAbsent` are checked in the target, the rest as on the host (same phrasing). */
async function applyInTarget(
  finished: FinishedRun,
  expect: NormalizedExpectations,
  context: { cwd: string; encoding: string | undefined; executor: ExecutorTarget },
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
  const report = checkAgainstFindings(
    { exit: result.exit, ms: result.ms, stderr: finished.stderrText },
    rest,
    { cwd: context.cwd },
    await findInStdout(finished, rest, context.encoding),
  );
  const assertionsFailed = [...failed, ...(report.assertionsFailed ?? [])];
  result.assertOk = report.assertOk && failed.length === 0;
  if (assertionsFailed.length > 0) result.assertionsFailed = assertionsFailed;
}
