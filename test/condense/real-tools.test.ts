import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { condense } from '../../src/condense/index.js';

let repo: string;
const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_PAGER: 'cat', NO_COLOR: '1' } });

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'tersh-condense-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'dev@example.com');
  git('config', 'user.name', 'Dev');
  for (let f = 0; f < 30; f++)
    writeFileSync(join(repo, `file${f}.txt`), Array.from({ length: 60 }, (_, i) => `line ${i} of file ${f}\n`).join(''));
  git('add', '-A');
  git('commit', '-qm', 'start');
  for (let f = 0; f < 30; f++)
    writeFileSync(
      join(repo, `file${f}.txt`),
      Array.from({ length: 60 }, (_, i) => `line ${i} of file ${f}${i % 7 === f % 7 ? ' changed' : ''}\n`).join(''),
    );
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('condense on outputs produced now by real tools', () => {
  it('gives a cut git diff an overview naming every changed file with its counts', () => {
    const stdout = git('diff');
    const result = condense({ command: 'git diff', stdout, exitCode: 0 }, { budgetTokens: 600, recordId: 'r_diff' });
    expect(result.strategy).toBe('condensed');
    expect(result.recognizer).toBe('git diff');
    expect(result.stdout).toMatch(/^\[overview: 30 files changed, \+\d+ −\d+\]/);
    const named = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('[overview: file'))
      .join(' ');
    for (let f = 0; f < 30; f++) expect(named).toMatch(new RegExp(`\\bfile${f}\\.txt [+−]\\d+`));
    expect(result.stdout).toContain('detail("r_diff", { selector: "stdout"');
  });

  it('keeps the error a failing gcc prints among many warnings', () => {
    const sources = Array.from({ length: 80 }, (_, i) => `int f${i}(int x) { int unused${i} = x; return x; }`);
    sources.splice(40, 0, 'int broken(void) { return undefined_thing; }');
    writeFileSync(join(repo, 'big.c'), sources.join('\n'));
    const run = spawnSync('gcc', ['-Wall', '-c', 'big.c', '-o', '/dev/null'], { cwd: repo, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    const result = condense(
      { command: 'gcc -Wall -c big.c', stdout: run.stdout, stderr: run.stderr, exitCode: run.status },
      { budgetTokens: 500 },
    );
    expect(result.stderr).toMatch(/big\.c:41:\d+: error: .undefined_thing. undeclared/);
    expect(result.stderr).toMatch(/unused variable/);
  });
});
