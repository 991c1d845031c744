import { describe, expect, it } from 'vitest';
import { createPlanner, plan, toolAnnotations } from '../../src/plan/index.js';

describe('plan', () => {
  it('reports segments with the resolved program, the normalised argv and the rules that fired', async () => {
    const result = await plan('sudo -u root env FOO=1 /bin/r\'\'m -rf "a b" && git -C repo status');
    expect(result.segments).toMatchObject([
      {
        program: 'rm',
        argv: ['rm', '-rf', 'a b'],
        rules: ['fs.rm-recursive-force'],
        category: 'destructive',
        destructive: true,
        depth: 0,
      },
      { program: 'git', argv: ['git', 'status'], rules: ['git.read'], category: 'read-only', destructive: false },
    ]);
    expect(result).toMatchObject({
      category: 'destructive',
      destructive: true,
      reversible: false,
      warnings: ['may force-remove files', 'runs as root'],
    });
    expect(result.effects).toEqual([{ path: 'a b', kind: 'delete' }]);
  });

  it('lets the worst segment decide, in the order destructive > complex > unknown > network > mutating > read-only', async () => {
    const planner = await createPlanner();
    expect(planner.plan('ls && touch x').category).toBe('mutating');
    expect(planner.plan('touch x && curl y').category).toBe('network');
    expect(planner.plan('curl y; my-tool').category).toBe('unknown');
    expect(planner.plan('my-tool | ls *.md').category).toBe('complex');
    expect(planner.plan('ls *.md; git reset --hard').category).toBe('destructive');
  });

  it('keeps destructive true when the category is only complex', async () => {
    const planner = await createPlanner();
    for (const command of ['curl -fsSL x | sh', 'echo aGk= | base64 -d | sh', 'bash <(curl x)', '$CMD -rf x']) {
      expect(planner.plan(command)).toMatchObject({ category: 'complex', destructive: true });
    }
    expect(planner.plan('$(echo rm) -rf x')).toMatchObject({ destructive: true });
  });

  it('puts the most serious warning first, the one run() attaches', async () => {
    const result = await plan('echo hi > out.txt; git push --force');
    expect(result.warnings[0]).toBe('may rewrite remote history');
    expect(result.warnings).toContain('may overwrite files through a redirect');
  });

  it('says reversible only for read-only or undoable commands', async () => {
    const planner = await createPlanner();
    expect(planner.plan('git status').reversible).toBe(true);
    expect(planner.plan('mkdir -p x && git commit -m y').reversible).toBe(true);
    expect(planner.plan('npm test').reversible).toBe('unknown');
    expect(planner.plan('echo x > y').reversible).toBe(false);
  });

  it('returns no segments and read-only for an empty command', async () => {
    expect(await plan('')).toEqual({
      category: 'read-only',
      destructive: false,
      reversible: true,
      effects: [],
      warnings: [],
      segments: [],
    });
  });

  it('matches caller rules before the built-in ones', async () => {
    const planner = await createPlanner({
      rules: [
        {
          id: 'local.deploy',
          program: 'deploy',
          subcommand: ['prod'],
          category: 'destructive',
          warning: 'deploys to production',
        },
        { id: 'local.safe-rm', program: ['rm'], flags: [['--interactive=always']], category: 'mutating' },
      ],
    });
    expect(planner.plan('./bin/deploy prod')).toMatchObject({ category: 'destructive', warnings: ['deploys to production'] });
    expect(planner.plan('rm --interactive=always x').category).toBe('mutating');
    expect(planner.plan('rm x').category).toBe('destructive');
  });

  it('stops re-parsing nested shell code at maxDepth and over-flags instead', async () => {
    const command = 'bash -c "bash -c \\"rm -rf x\\""';
    expect((await plan(command, { maxDepth: 3 })).segments.map((s) => s.rules[0])).toContain('fs.rm-recursive-force');
    expect(await plan(command, { maxDepth: 1 })).toMatchObject({ category: 'complex', destructive: true });
  });

  it('treats input over maxLength as complex without parsing it', async () => {
    expect(await plan('ls -la', { maxLength: 3 })).toMatchObject({
      category: 'complex',
      destructive: false,
      warnings: ['is too long to check'],
    });
  });

  it('rejects invalid options and commands with the field named', async () => {
    await expect(plan(42 as never)).rejects.toThrow('Expected `command` to be a string, got `42` (number)');
    await expect(plan('ls', { maxDepth: -1 })).rejects.toThrow(
      'Expected `maxDepth` to be an integer from 0 to 16, got `-1` (number)',
    );
    await expect(plan('ls', { depth: 2 } as never)).rejects.toThrow('Unknown option `depth`');
    await expect(createPlanner({ rules: [{ id: 'x', program: 'y', category: 'fatal' }] as never })).rejects.toThrow(
      'Expected `rules[0].category` to be one of',
    );
    await expect(createPlanner({ rules: [{ id: 'x', program: 'y', category: 'mutating', argPattern: '(' }] })).rejects.toThrow(
      'Expected `rules[0].argPattern` to be a valid regular expression',
    );
  });
});

describe('toolAnnotations', () => {
  it.each([
    ['git status', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
    ['rm -rf x', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
    ['git push --force', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }],
    ['curl x', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
    ['my-tool', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
  ])('derives the MCP hints of %j', async (command, hints) => {
    expect(toolAnnotations(await plan(command))).toEqual(hints);
  });
});

describe('parse budget', () => {
  it('gives up on a parse that exceeds parseTimeoutMs and over-flags instead of answering read-only', async () => {
    const huge = `ls ${'"a" '.repeat(150_000)}`;
    const result = await plan(huge, { maxLength: 1_000_000, parseTimeoutMs: 1 });
    expect(result.category).toBe('complex');
    expect(result.warnings).toContain('took too long to parse');
  });

  it('parses the next command from scratch after a parse that timed out', async () => {
    const planner = await createPlanner({ maxLength: 1_000_000, parseTimeoutMs: 1 });
    expect(planner.plan(`ls ${'"a" '.repeat(150_000)}`).category).toBe('complex');
    expect(planner.plan('rm -rf x').segments).toMatchObject([{ argv: ['rm', '-rf', 'x'] }]);
  });
});

describe('plain commands', () => {
  it('plans a command without quotes, expansions or operators exactly as the parser would', async () => {
    const { allRows } = await import('./corpus/index.js');
    const { splitPlainCommand } = await import('../../src/plan/fast-path.js');
    const planner = await createPlanner();
    const plain = allRows.map(([command]) => command).filter((command) => splitPlainCommand(command) !== null);
    expect(plain.length).toBeGreaterThan(150);
    // A trailing comment forces the parser path and changes nothing else.
    for (const command of [...plain, 'A=1 B=2 rm -rf x', 'A=1', 'if x', 'time rm -rf x', 'git  status  ']) {
      expect(planner.plan(command), command).toEqual(planner.plan(`${command} # parsed`));
    }
  });
});
