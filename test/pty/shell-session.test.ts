import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPolicy } from '../../src/plan/index.js';
import { usePty } from './helpers.js';

const fixture = usePty();

describe('a bash session on a pseudo-terminal', () => {
  it('keeps the working directory and exported variables across steps, with an exit status per step', async () => {
    const { pty, dir } = fixture();
    mkdirSync(join(dir, 'sub'));
    const session = await pty.open();
    expect(await session.run('cd sub && export GREETING=hello')).toMatchObject({ exit: 0, ok: true });
    const where = await session.run('pwd; echo "$GREETING"');
    expect(where).toMatchObject({ exit: 0, ok: true, output: `${join(dir, 'sub')}\nhello\n` });
    expect(await session.run('false')).toMatchObject({ exit: 1, ok: false });
    expect(await session.run('ls /nonexistent-folder')).toMatchObject({
      exit: 2,
      ok: false,
      output: expect.stringContaining('No such file'),
    });
  });

  it('reads exit statuses semantically, as run() does', async () => {
    const { pty, dir } = fixture();
    writeFileSync(join(dir, 'f.txt'), 'alpha\n');
    const session = await pty.open();
    expect(await session.run('grep beta f.txt')).toMatchObject({ exit: 1, ok: true, hint: 'No matches found' });
  });

  it('returns only the new output of each step, the whole transcript on disk', async () => {
    const { pty, store } = fixture();
    const session = await pty.open();
    const first = await session.run('echo one');
    const second = await session.run('echo two');
    expect(first.output).toBe('one\n');
    expect(second.output).toBe('two\n');
    expect(await store.detail(second.id)).toBe('two\r\n');
    const transcript = await session.read();
    expect(transcript.data).toContain('one\r\n');
    expect(transcript.data).toContain('two\r\n');
    const later = await session.read({ offset: transcript.nextOffset });
    expect(later.data).toBe('');
  });

  it('times out a step that never reaches its prompt and leaves the session usable', async () => {
    const { pty } = fixture();
    const session = await pty.open();
    const slow = await session.run('sleep 30', { timeoutMs: 400 });
    expect(slow).toMatchObject({ ok: false, timedOut: true });
    expect(slow.hint).toContain('at its prompt again');
    expect(slow.ms).toBeLessThan(3_000);
    expect(await session.run('echo still here')).toMatchObject({ exit: 0, output: 'still here\n' });
  });

  it('interrupts a running step with Ctrl-C written by the caller', async () => {
    const { pty } = fixture();
    const session = await pty.open();
    const pending = session.run('sleep 30; echo not-reached', { timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    session.write('\x03');
    const result = await pending;
    expect(result.exit).toBe(130);
    expect(result.ms).toBeLessThan(5_000);
    expect(result.output ?? '').not.toContain('not-reached');
  });

  it('answers a password-style prompt with a later step, keeping the secret out of the record', async () => {
    const { pty, store } = fixture();
    const session = await pty.open();
    const asked = await session.run('read -s -p \'Password: \' pw; echo; echo "got ${#pw} characters"', { expect: 'Password: ' });
    expect(asked).toMatchObject({ ok: true, output: 'Password: ' });
    expect(asked.exit).toBeUndefined();
    const answered = await session.run('hunter2', { secret: true });
    expect(answered).toMatchObject({ exit: 0, ok: true });
    expect(answered.output).toContain('got 7 characters');
    expect(answered.output).not.toContain('hunter2');
    expect(await store.detail(answered.id, { selector: 'meta' })).not.toContain('hunter2');
  });

  it('does not write a line the policy blocks, and says so', async () => {
    const { dir } = fixture();
    const { pty } = usePtyWithPolicy(dir);
    mkdirSync(join(dir, 'victim'));
    const session = await pty.open();
    const blocked = await session.run(`rm -rf ${join(dir, 'victim')}`);
    expect(blocked).toMatchObject({ ok: false, blocked: true });
    expect(blocked.message).toContain('[BLOCKED]');
    expect(existsSync(join(dir, 'victim'))).toBe(true);
    expect(await session.run('echo fine')).toMatchObject({ exit: 0, output: 'fine\n' });
  });

  it('refuses a second step while one runs, and work on a closed session', async () => {
    const { pty } = fixture();
    const session = await pty.open();
    const pending = session.run('sleep 1');
    await expect(session.run('echo x')).rejects.toMatchObject({ code: 'PTY_BUSY' });
    await pending;
    await session.close();
    await expect(session.run('echo x')).rejects.toMatchObject({ code: 'PTY_CLOSED' });
    expect(() => pty.get(session.id)).toThrow(expect.objectContaining({ code: 'PTY_NOT_FOUND' }));
  });

  it('rejects bad options with a TypeError naming the field', async () => {
    const { pty } = fixture();
    await expect(pty.open({ cols: -1 })).rejects.toThrow(/`cols`/);
    await expect(pty.open({ command: '' })).rejects.toThrow(/`command`/);
    const session = await pty.open();
    await expect(session.run('echo', { timeoutMs: 0 })).rejects.toThrow(/`timeoutMs`/);
    await expect(session.run(42 as unknown as string)).rejects.toThrow(/`input`/);
    await expect(session.run('echo', { bogus: 1 } as never)).rejects.toThrow(/bogus/);
  });
});

const withPolicy = usePty({ policy: createPolicy({ deny: ['rm -rf'] }) });
function usePtyWithPolicy(_dir: string) {
  return withPolicy();
}

describe('session caps', () => {
  const capped = usePty({ maxSessions: 1, idleMs: 1_000 });

  it('refuses a session past maxSessions', async () => {
    const { pty } = capped();
    await pty.open();
    await expect(pty.open()).rejects.toMatchObject({ code: 'PTY_LIMIT' });
  });

  it('closes a session left idle past idleMs', async () => {
    const { pty } = capped();
    const session = await pty.open();
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(session.closed).toBe(true);
    expect(pty.list()).toEqual([]);
  });
});
