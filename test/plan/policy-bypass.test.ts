import { beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, createPolicy, type Planner } from '../../src/plan/index.js';

let planner: Planner;
beforeAll(async () => {
  planner = await createPlanner();
});

const isFlagged = (command: string) => {
  const plan = planner.plan(command);
  return plan.destructive === true || plan.category === 'destructive';
};

describe('commands the grammar misreads are not read-only (issue 20.3)', () => {
  const policy = createPolicy({ deny: ['rm -rf', 'category:destructive'], mode: 'enforce' });
  const reported = ['ls\n\\rm -rf victim', 'cat <<EOF\n`rm -rf victim`\nEOF', 'diff <x <(rm -rf victim) y'];

  it.each(reported)('flags the reported bypass %j and the policy blocks it', (command) => {
    expect(isFlagged(command)).toBe(true);
    expect(policy.check(planner.plan(command)).action).toBe('block');
  });

  it.each([
    'ls foo\n\\rm -rf victim',
    'echo a &&\n\\rm -rf victim',
    'ls\n\\r\\m -rf victim',
    'ls\n\\git push --force',
    'true\n\\sudo rm -rf victim',
  ])('reads an escaped command name at the start of a line as a new command: %j', (command) => {
    expect(isFlagged(command)).toBe(true);
  });

  it.each([
    'cat <<EOF\nhello `rm -rf victim` there\nEOF',
    'cat <<-EOF\n\t`rm -rf victim`\n\tEOF',
    'cat <<EOF > out\n`rm -rf victim`\nEOF',
    'cat <<EOF | wc -l\n`git push --force`\nEOF',
    'echo ${x:-`rm -rf victim`}',
    'echo "${x:-`rm -rf victim`}"',
    'cat <<EOF\n${x:-`rm -rf victim`}\nEOF',
    'echo ${x:-$(rm -rf victim)}',
  ])('walks a substitution the grammar leaves as text: %j', (command) => {
    expect(isFlagged(command)).toBe(true);
  });

  it('keeps a quoted heredoc delimiter literal', () => {
    expect(planner.plan("cat <<'EOF'\n`rm -rf victim`\nEOF").destructive).toBe(false);
    expect(planner.plan('cat <<\\EOF\n`rm -rf victim`\nEOF').destructive).toBe(false);
  });

  it.each([
    'diff <x <(rm -rf victim) y',
    'cat <x <(rm -rf victim)',
    'cat >out <(rm -rf victim) y',
    'cat 2>err >(rm -rf victim) y',
    'wc <<<x $(rm -rf victim)',
  ])('walks substitutions among the words the grammar hangs on a redirect: %j', (command) => {
    expect(isFlagged(command)).toBe(true);
  });

  it.each([
    ['git push <in --force origin', 'git.push-force'],
    ['git push >out --force origin', 'git.push-force'],
    ['rm <in -rf victim', 'fs.rm-recursive-force'],
    ['git push 2>/dev/null --force', 'git.push-force'],
  ])('keeps the words after a redirect as arguments: %j', (command, rule) => {
    const plan = planner.plan(command);
    expect(plan.destructive).toBe(true);
    expect(plan.segments.flatMap((s) => s.rules)).toContain(rule);
  });
});

describe('deep nesting (issue 20.6)', () => {
  const nestings: [string, (n: number) => string][] = [
    ['$( … )', (n) => `echo ${'$('.repeat(n)}ls${')'.repeat(n)}`],
    ['"$( … )"', (n) => `${'"$('.repeat(n)}ls${')"'.repeat(n)}`],
    ['<( … )', (n) => `cat ${'<('.repeat(n)}ls${')'.repeat(n)}`],
    ['( … )', (n) => `${'('.repeat(n)}ls${')'.repeat(n)}`],
    ['{ …; }', (n) => `${'{ '.repeat(n)}ls; ${'}; '.repeat(n)}`],
  ];

  it.each(nestings)('answers complex with a warning for 1 000 to 3 000 levels of %s, never throwing', (_name, build) => {
    for (const n of [1_000, 2_000, 3_000]) {
      const command = build(n);
      if (command.length > 10_000) continue;
      const plan = planner.plan(command);
      expect(plan.category).toBe('complex');
      expect(plan.warnings.join(' ')).toMatch(/nested too deeply|took too long to parse/);
    }
  });

  it('still flags a destructive command buried under deep nesting', () => {
    const plan = planner.plan(`echo ${'$('.repeat(1_500)}rm -rf victim${')'.repeat(1_500)}`);
    expect(plan.destructive).toBe(true);
  });

  it('reads moderate nesting exactly', () => {
    expect(planner.plan(`echo ${'$('.repeat(20)}rm -rf victim${')'.repeat(20)}`).segments.some((s) => s.program === 'rm')).toBe(
      true,
    );
    expect(planner.plan(`${'('.repeat(50)}ls${')'.repeat(50)}`).category).toBe('read-only');
  });
});
