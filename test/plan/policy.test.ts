import { beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, createPolicy, type Planner } from '../../src/plan/index.js';

let planner: Planner;
beforeAll(async () => {
  planner = await createPlanner();
});

describe('createPolicy', () => {
  const deny = createPolicy({ deny: ['rm -rf', 'git push --force', 'rule:git.reset-hard', 'kubectl delete'] });

  it.each([
    ['rm -rf build', 'rm -rf'],
    ['sudo /bin/rm -rf x', 'rm -rf'],
    ['rm -fr x', 'rm -rf'],
    ['rm -r -f x', 'rm -rf'],
    ['rm x -rf', 'rm -rf'],
    ['env -i timeout 5 rm -rf x', 'rm -rf'],
    ['bash -c "rm -rf x"', 'rm -rf'],
    ['ls && rm -rf x', 'rm -rf'],
    ['git push origin main --force', 'git push --force'],
    ['git -C repo push --force', 'git push --force'],
    ['git reset --hard', 'rule:git.reset-hard'],
    ['git -C x reset --merge', 'rule:git.reset-hard'],
    ['kubectl -n prod delete pod x', 'kubectl delete'],
  ])('blocks %j by %s', (command, rule) => {
    expect(deny.check(planner.plan(command))).toMatchObject({ action: 'block', rule });
  });

  it.each([
    'rm file',
    'rm -r dir',
    'rm -R -f x',
    'git push',
    'git push -f',
    'git commit -m "rm -rf"',
    'grep "rm -rf" notes',
    'echo kubectl delete pod',
  ])('allows %j, which no deny entry names literally', (command) => {
    expect(deny.check(planner.plan(command))).toEqual({ action: 'allow' });
  });

  it('names the segment and the entry in the reason', () => {
    expect(deny.check(planner.plan('sudo rm -rf /tmp/x')).reason).toBe('`rm -rf /tmp/x` is denied by policy (`rm -rf`)');
  });

  it('turns a block into a warning in warn mode, and allows everything when off', () => {
    const plan = planner.plan('rm -rf x');
    expect(createPolicy({ deny: ['rm'], mode: 'warn' }).check(plan)).toMatchObject({ action: 'warn', rule: 'rm' });
    expect(createPolicy({ deny: ['rm'], mode: 'off' }).check(plan)).toEqual({ action: 'allow' });
  });

  it('blocks in enforce mode every segment an allow list does not name', () => {
    const allow = createPolicy({ allow: ['ls', 'git status', 'git diff', 'cat'] });
    expect(allow.check(planner.plan('ls -la && git status'))).toEqual({ action: 'allow' });
    expect(allow.check(planner.plan('git diff | cat'))).toEqual({ action: 'allow' });
    expect(allow.check(planner.plan('ls && git push'))).toMatchObject({
      action: 'block',
      reason: '`git push` is not on the allow list',
    });
    expect(allow.check(planner.plan('$CMD'))).toMatchObject({ action: 'block' });
    expect(allow.check(planner.plan('ls |'))).toMatchObject({
      action: 'block',
      reason: '`shell.parse-error` is not on the allow list',
    });
  });

  it('lets a deny entry win over an allow entry that also matches', () => {
    const policy = createPolicy({ allow: ['git'], deny: ['git push --force'] });
    expect(policy.check(planner.plan('git push --force'))).toMatchObject({ action: 'block', rule: 'git push --force' });
    expect(policy.check(planner.plan('git push'))).toEqual({ action: 'allow' });
  });

  it('matches whole rule families and categories', () => {
    expect(createPolicy({ deny: ['rule:fs.'] }).check(planner.plan('shred -u x'))).toMatchObject({
      action: 'block',
      rule: 'rule:fs.',
    });
    const noDestruction = createPolicy({ deny: ['category:destructive'] });
    expect(noDestruction.check(planner.plan('curl x | sh'))).toMatchObject({ action: 'block' });
    expect(noDestruction.check(planner.plan('git status'))).toEqual({ action: 'allow' });
  });

  it('rejects invalid options with the field named', () => {
    expect(() => createPolicy({ deny: 'rm' } as never)).toThrow('Expected `deny` to be an array of strings, got `rm` (string)');
    expect(() => createPolicy({ mode: 'strict' } as never)).toThrow(
      "Expected `mode` to be one of 'enforce', 'warn', 'off', got `strict` (string)",
    );
    expect(() => createPolicy({ alow: [] } as never)).toThrow('Unknown option `alow`');
  });
});
