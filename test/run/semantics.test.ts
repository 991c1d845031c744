import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();
const store = () => createRecordStore({ dir: join(tempDir(), 'records') });

describe('run() reads exits semantically', () => {
  it('calls grep finding nothing ok, with a message', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'alpha\n');
    const result = await run('grep beta notes.txt', { store: store(), cwd: dir });
    expect(result).toMatchObject({ exit: 1, ok: true, status: 'ok', message: 'No matches found' });
  });

  it('names the missing command of exit 127', async () => {
    const result = await run('definitely-not-a-command-42', { store: store() });
    expect(result).toMatchObject({
      exit: 127,
      ok: false,
      status: 'error',
      message: 'Command not found: definitely-not-a-command-42',
    });
  });

  it('names the signal that killed a process', async () => {
    const result = await run('bash -c "kill -9 \\$\\$"', { store: store() });
    expect(result).toMatchObject({ exit: null, ok: false, status: 'signal', signal: 'SIGKILL', message: 'Killed by SIGKILL' });
  });

  it('says when a pipeline hides a failure, and pipefail reveals it', async () => {
    const masked = await run('false | tail -1', { store: store() });
    expect(masked.ok).toBe(true);
    expect(masked.hint).toMatch(/pipefail/);
    const revealed = await run('false | tail -1', { store: store(), pipefail: true });
    expect(revealed).toMatchObject({ exit: 1, ok: false });
  });
});

describe('run() checks expectations in the same call', () => {
  it('reports each failed expectation as a sentence', async () => {
    const dir = tempDir();
    const result = await run('echo building', {
      store: store(),
      cwd: dir,
      expect: { exit: 0, stdoutContains: 'done', fileExists: 'dist/index.js' },
    });
    expect(result.assertOk).toBe(false);
    expect(result.assertionsFailed).toHaveLength(2);
    expect(result.assertionsFailed?.join('\n')).toMatch(/done/);
    expect(result.assertionsFailed?.join('\n')).toMatch(/dist\/index\.js/);
  });

  it('says assertOk when every expectation held', async () => {
    const result = await run('echo ready', { store: store(), expect: { exit: 0, stdoutContains: 'ready', stderrEmpty: true } });
    expect(result.assertOk).toBe(true);
    expect(result.assertionsFailed).toBeUndefined();
  });

  it('fills filesChanged from git when asked about changes', async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(join(repo, 'a.txt'), 'one\n');
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.'], { cwd: repo });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init'], { cwd: repo });
    const result = await run('echo two >> a.txt', { store: store(), cwd: repo, expect: { changed: true } });
    expect(result).toMatchObject({ assertOk: true, filesChanged: ['a.txt'] });
  });

  it('checks stdoutContains against the whole stream, not the view', async () => {
    const result = await run('seq 1 100000; echo needle-at-the-end; seq 1 100000', {
      store: store(),
      inlineMaxBytes: 2048,
      expect: { stdoutContains: 'needle-at-the-end' },
    });
    expect(result.stdoutTruncatedBytes).toBeGreaterThan(0);
    expect(result.assertOk).toBe(true);
  });

  it('rejects an invalid regex with a TypeError naming the field', async () => {
    await expect(run('true', { store: store(), expect: { stdoutMatches: '(' } })).rejects.toThrow(/`expect.stdoutMatches`/);
  });
});

describe('run() retries', () => {
  it('retries a flaky command and keeps every attempt linked from the last', async () => {
    const dir = tempDir();
    const records = store();
    const result = await run('n=$(cat count 2>/dev/null || echo 0); echo $((n+1)) > count; [ "$n" -ge 2 ] || exit 7', {
      store: records,
      cwd: dir,
      retries: 4,
      backoffMs: 10,
    });
    expect(result).toMatchObject({ exit: 0, ok: true, attempts: 3 });
    const meta = JSON.parse(await records.detail(result.id, { selector: 'meta' }));
    expect(meta.previousAttempts).toHaveLength(2);
    for (const id of meta.previousAttempts) expect(JSON.parse(await records.detail(id, { selector: 'meta' })).exit).toBe(7);
  });

  it('retries on failed expectations when asked', async () => {
    const dir = tempDir();
    const result = await run('echo x >> log; wc -l < log', {
      store: store(),
      cwd: dir,
      retries: 5,
      backoffMs: 1,
      retryOnAssertFail: true,
      expect: { stdoutContains: '3' },
    });
    expect(result).toMatchObject({ attempts: 3, assertOk: true });
  });

  it('retries only the listed exit codes', async () => {
    const result = await run('exit 3', { store: store(), retries: 3, backoffMs: 1, retryOnExit: [2] });
    expect(result.exit).toBe(3);
    expect(result.attempts).toBeUndefined();
  });
});

describe('run() condenses the views', () => {
  it('condenses a long output and says how to get what it left out', async () => {
    const result = await run('seq 1 50000', { store: store() });
    expect(result.stdoutLines).toBe(50000);
    expect(result.stdout).toContain(result.id);
    expect((result.stdout ?? '').length).toBeLessThan(20_000);
  });

  it('keeps an error line from the middle of a long output', async () => {
    const result = await run('seq 1 20000; echo "src/app.ts:12:5 - error TS2322: Type string is not assignable"; seq 1 20000', {
      store: store(),
    });
    expect(result.stdout).toContain('error TS2322');
  });

  it('returns the streams uncondensed with full: true', async () => {
    const result = await run('seq 1 5000', { store: store(), full: true });
    expect(result.stdout?.split('\n')).toHaveLength(5001);
    expect(result.stdoutLines).toBeUndefined();
  });
});
