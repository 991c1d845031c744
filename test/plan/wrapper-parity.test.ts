import { beforeAll, describe, expect, it } from 'vitest';
import { classifyExit } from '../../src/exit/index.js';
import { wrapperCatalogue } from '../../src/exit/wrapper-catalogue.js';
import { createPlanner, createPolicy, type Planner } from '../../src/plan/index.js';

let planner: Planner;
beforeAll(async () => {
  planner = await createPlanner();
});

/** `<wrapper> [its leading operands] grep x f` for every wrapper that takes a command as words. */
const wrapped = wrapperCatalogue
  .filter((w) => !w.joinsShellString)
  .flatMap((w) =>
    w.programs.map((program) =>
      `${program} ${Array.from({ length: w.leadingOperands ?? 0 }, () => '1').join(' ')} grep x f`.replace(/\s+/g, ' '),
    ),
  );

describe('one wrapper catalogue for plan and exit', () => {
  it('lists chrt, taskset, sudo with -h host, env, nice, timeout and xargs once', () => {
    const names = wrapperCatalogue.flatMap((w) => w.programs);
    for (const name of [
      'sudo',
      'env',
      'nice',
      'chrt',
      'taskset',
      'timeout',
      'xargs',
      'ionice',
      'stdbuf',
      'nohup',
      'setsid',
      'doas',
    ])
      expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    expect(wrapperCatalogue.find((w) => w.programs.includes('sudo'))?.valueOptions).toContain('-h');
  });

  it.each(wrapped)('finds grep behind %j in both the planner and the exit classifier', (command) => {
    expect(planner.plan(command).segments.map((s) => s.program)).toContain('grep');
    const passes = wrapperCatalogue.find((w) => w.programs.includes(command.split(' ')[0] as string))?.passesStatus !== false;
    if (passes) expect(classifyExit({ command, exitCode: 1 })).toMatchObject({ status: 'ok', message: 'No matches found' });
  });

  it.each([
    'chrt 10 rm -rf x',
    'sudo -h host rm -rf x',
    'taskset 1 rm -rf x',
    'taskset -c 0 rm -rf x',
    'chrt -f 10 rm -rf x',
    'numactl -C 0 rm -rf x',
    'sudo rm -rf x',
  ])('an enforcing deny of rm -rf blocks %j', (command) => {
    expect(createPolicy({ deny: ['rm -rf'] }).check(planner.plan(command))).toMatchObject({ action: 'block', rule: 'rm -rf' });
  });

  it('reads sudo -h alone as help, not as a host', () => {
    expect(planner.plan('sudo -h').segments[0]?.program).toBe('sudo');
    expect(planner.plan('sudo -h -u root rm -rf x').destructive).toBe(true);
  });

  it('notes that sudo runs the command as root, or as the user given', () => {
    expect(planner.plan('sudo ls').warnings).toContain('runs as root');
    expect(planner.plan('sudo -u bob ls').warnings).toContain('runs as user bob');
    expect(planner.plan('ls').warnings).toEqual([]);
  });
});
