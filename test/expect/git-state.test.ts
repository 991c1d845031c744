import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkExpectations, diffGitStates, snapshotGitState, type SnapshotCheckOptions } from '../../src/expect/index.js';

let repo = '';

function sh(command: string, cwd = repo): void {
  const out = spawnSync('bash', ['-c', command], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
  });
  if (out.status !== 0) throw new Error(`${command} failed: ${out.stderr}`);
}

async function changedBy(command: string, cwd = repo): Promise<string[]> {
  const before = await snapshotGitState(cwd);
  sh(command, cwd);
  return diffGitStates(before, await snapshotGitState(cwd));
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'tersh-git-'));
  sh(
    'git init -q && printf "a\\n" > a.txt && printf "b\\n" > b.txt && mkdir -p src && echo x > "src/with space.ts" && echo "*.log" > .gitignore && git add -A && git commit -qm init',
  );
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('snapshotGitState and diffGitStates', () => {
  it.each([
    ['nothing', 'true', []],
    ['a read', 'cat a.txt', []],
    ['an edit of a clean file', 'echo more >> a.txt', ['a.txt']],
    ['a deletion', 'rm b.txt', ['b.txt']],
    ['a new untracked file', 'echo n > new.txt', ['new.txt']],
    ['an ignored file', 'echo n > build.log', []],
    ['a path with a space', 'echo y >> "src/with space.ts"', ['src/with space.ts']],
    ['a rename', 'git mv a.txt c.txt', ['a.txt', 'c.txt']],
    ['a staged edit', 'echo s >> b.txt && git add b.txt', ['b.txt']],
    [
      'a checkout of another commit',
      'git checkout -q -b other && echo z >> a.txt && git commit -qam z && git checkout -q - ',
      [],
    ],
    [
      'a pull-like reset to a commit that changed a file',
      'git checkout -q -b other && echo z >> b.txt && git commit -qam z && git checkout -q - && git reset -q --hard other',
      ['b.txt'],
    ],
  ])('sees %s', async (_title, command, expected) => {
    expect(await changedBy(command)).toEqual(expected);
  });

  it('notices an edit of a file that was already dirty', async () => {
    sh('echo first >> a.txt');
    expect(await changedBy('echo second >> a.txt')).toEqual(['a.txt']);
  });

  it('notices an edit of an untracked file', async () => {
    sh('echo n > new.txt');
    expect(await changedBy('echo more >> new.txt')).toEqual(['new.txt']);
  });

  it('notices a dirty file put back as committed', async () => {
    sh('echo first >> a.txt');
    expect(await changedBy('git checkout -q -- a.txt')).toEqual(['a.txt']);
  });

  it('reports paths relative to the repository root from a subfolder', async () => {
    expect(await changedBy('echo z >> ../a.txt && echo q > q.ts', join(repo, 'src'))).toEqual(['a.txt', 'src/q.ts']);
  });

  it('carries a problem outside a repository instead of throwing', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'tersh-nogit-'));
    mkdirSync(join(outside, 'sub'));
    try {
      const snapshot = await snapshotGitState(join(outside, 'sub'));
      expect(snapshot).toMatchObject({ root: null, problem: `${join(outside, 'sub')} is not inside a git repository` });
      expect(diffGitStates(snapshot, snapshot)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('checkExpectations with changed', () => {
  async function check(command: string, changed: boolean | string[], cwd = repo) {
    const before = await snapshotGitState(cwd);
    sh(command, cwd);
    const after = await snapshotGitState(cwd);
    return checkExpectations({ exit: 0, ms: 1, stdout: '', stderr: '' }, { changed }, {
      cwd,
      git: { before, after },
    } as SnapshotCheckOptions);
  }

  it.each([
    ['echo more >> a.txt', true, { assertOk: true }],
    ['true', true, { assertOk: false, assertionsFailed: ['expected tracked files to change; none did'] }],
    ['true', false, { assertOk: true }],
    [
      'echo x >> a.txt && echo y >> b.txt',
      false,
      { assertOk: false, assertionsFailed: ['expected no tracked files to change; 2 did: a.txt, b.txt'] },
    ],
    ['echo x >> a.txt', ['a.txt', 'b.txt'], { assertOk: false, assertionsFailed: ['expected "b.txt" to change; it did not'] }],
  ])('checks `%s` against changed: %j', async (command, changed, report) => {
    expect(await check(command, changed)).toEqual(report);
  });

  it('says the folder is not a repository rather than crashing', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'tersh-nogit-'));
    try {
      expect(await check('touch f', true, outside)).toEqual({
        assertOk: false,
        assertionsFailed: [`cannot check "changed": ${outside} is not inside a git repository`],
      });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

it('writes the snapshots without taking the index lock', async () => {
  sh('echo more >> a.txt && touch -d "2001-01-01" a.txt');
  const lock = join(repo, '.git', 'index.lock');
  writeFileSync(lock, '');
  try {
    await expect(snapshotGitState(repo)).resolves.toMatchObject({ root: expect.any(String) });
    expect((await snapshotGitState(repo)).problem).toBeUndefined();
  } finally {
    rmSync(lock);
  }
});
