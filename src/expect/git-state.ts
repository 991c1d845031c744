import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { x } from 'tinyexec';

/**
 * The git-visible state of a working tree at one moment: index entries plus a fingerprint of every
 * file `git status` lists (so editing an already-dirty file is noticed). Compare two with `diffGitStates`.
 */
export interface GitSnapshot {
  /** The repository's top folder, or null outside a repository. */
  readonly root: string | null;
  /** Why no state could be read ("/tmp/x is not inside a git repository"); absent when it was. */
  readonly problem?: string;
  /** Path (relative to `root`) → blob id and stage, from `git ls-files -s`. */
  readonly index: ReadonlyMap<string, string>;
  /** Path (relative to `root`) → status code and content fingerprint, for each path `git status` lists. */
  readonly worktree: ReadonlyMap<string, string>;
}

const hashLimitBytes = 16 * 1024 * 1024;
const gitEnv = { GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };

async function git(cwd: string, args: string[]): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  try {
    const out = await x('git', ['--no-optional-locks', ...args], {
      nodeOptions: { cwd, env: { ...process.env, ...gitEnv } },
      throwOnError: false,
    });
    return { ok: out.exitCode === 0, stdout: out.stdout, stderr: out.stderr };
  } catch (error) {
    return { ok: false, stdout: '', stderr: (error as Error).message };
  }
}

// Tracked dirty files are hashed (exact); untracked ones, possibly thousands, are only stat'ed.
async function fingerprint(file: string, hash: boolean): Promise<string> {
  try {
    const info = await stat(file, { bigint: true });
    if (!info.isFile()) return `other:${info.mtimeNs}`;
    if (!hash || info.size > hashLimitBytes) return `stat:${info.size}:${info.mtimeNs}`;
    return createHash('sha1')
      .update(await readFile(file))
      .digest('hex');
  } catch {
    return 'missing';
  }
}

/** Paths `git status --porcelain=v2 -z` lists, with their status codes. */
function statusEntries(output: string): [path: string, code: string][] {
  const records = output.split('\0');
  const entries: [string, string][] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as string;
    const fields = record.split(' ');
    const kind = fields[0];
    const fixed = kind === '1' ? 8 : kind === '2' ? 9 : kind === 'u' ? 10 : kind === '?' ? 1 : -1;
    if (fixed === -1) continue;
    const code = kind === '?' ? '??' : (fields[1] as string);
    entries.push([fields.slice(fixed).join(' '), code]);
    if (kind === '2') entries.push([records[++i] as string, `moved:${code}`]);
  }
  return entries;
}

function indexEntries(output: string): Map<string, string> {
  const index = new Map<string, string>();
  for (const record of output.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab !== -1) index.set(record.slice(tab + 1), record.slice(0, tab));
  }
  return index;
}

/**
 * Reads the git-visible state of the working tree holding `cwd`. Never throws: outside a repository
 * (or without git) the snapshot carries a `problem` instead.
 */
export async function snapshotGitState(cwd: string): Promise<GitSnapshot> {
  // One round of three spawns; paths come out relative to the repository root from any subfolder.
  const [top, status, files] = await Promise.all([
    git(cwd, ['rev-parse', '--show-toplevel']),
    git(cwd, ['-c', 'status.relativePaths=false', 'status', '--porcelain=v2', '-z', '--untracked-files=all']),
    git(cwd, ['ls-files', '-s', '-z', '--full-name', '--', ':/']),
  ]);
  if (!top.ok) {
    const notRepo = /not a git repository/i.test(top.stderr);
    const problem = notRepo
      ? `${cwd} is not inside a git repository`
      : `git could not read ${cwd}: ${top.stderr.trim().split('\n')[0] ?? ''}`;
    return { root: null, problem, index: new Map(), worktree: new Map() };
  }
  const root = top.stdout.trim();
  if (!status.ok || !files.ok) {
    return {
      root,
      problem: `git could not read ${root}: ${(status.stderr || files.stderr).trim().split('\n')[0] ?? ''}`,
      index: new Map(),
      worktree: new Map(),
    };
  }
  const worktree = new Map<string, string>();
  const entries = statusEntries(status.stdout);
  for (let i = 0; i < entries.length; i += 32) {
    const batch = entries.slice(i, i + 32);
    const prints = await Promise.all(batch.map(([path, code]) => fingerprint(join(root, path), code !== '??')));
    batch.forEach(([path, code], j) => worktree.set(path, `${code}:${prints[j] as string}`));
  }
  return { root, index: indexEntries(files.stdout), worktree };
}

function changedKeys(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>, into: Set<string>): void {
  for (const [path, state] of before) if (after.get(path) !== state) into.add(path);
  for (const path of after.keys()) if (!before.has(path)) into.add(path);
}

/**
 * The paths (relative to the repository root, sorted) whose git-visible state differs between two
 * snapshots; empty when either snapshot has a `problem` or they are of different repositories.
 */
export function diffGitStates(before: GitSnapshot, after: GitSnapshot): string[] {
  if (before.problem !== undefined || after.problem !== undefined || before.root !== after.root) return [];
  const changed = new Set<string>();
  changedKeys(before.index, after.index, changed);
  changedKeys(before.worktree, after.worktree, changed);
  return [...changed].sort();
}
