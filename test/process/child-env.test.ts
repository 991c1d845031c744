import { describe, expect, it } from 'vitest';
import { buildChildEnv, NON_INTERACTIVE_ENV, RUN_TAG_VARIABLE } from '../../src/process/child-env.js';

describe('the child environment', () => {
  it("holds every variable of process.env as it is at each build, less zsh's, with the run tag", () => {
    const expected = (tag: string): NodeJS.ProcessEnv => {
      const env: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(process.env))
        if (name !== 'ZDOTDIR' && !name.startsWith('ZSH_')) env[name] = value;
      return { ...env, ...NON_INTERACTIVE_ENV, [RUN_TAG_VARIABLE]: tag };
    };
    expect(buildChildEnv(process.env, undefined, 'r1')).toEqual(expected('r1'));
    process.env.TERSH_CHILD_ENV_ADDED = 'one';
    const home = process.env.HOME;
    process.env.HOME = '/changed/home';
    delete process.env.TERSH_CHILD_ENV_NEVER;
    try {
      const second = buildChildEnv(process.env, undefined, 'r2');
      expect(second).toEqual(expected('r2'));
      expect(second).toMatchObject({ TERSH_CHILD_ENV_ADDED: 'one', HOME: '/changed/home' });
      delete process.env.TERSH_CHILD_ENV_ADDED;
      expect(buildChildEnv(process.env, undefined, 'r3')).not.toHaveProperty('TERSH_CHILD_ENV_ADDED');
    } finally {
      delete process.env.TERSH_CHILD_ENV_ADDED;
      if (home === undefined) delete process.env.HOME;
      else process.env.HOME = home;
    }
  });

  it("takes another base's enumerable variables only (an executor's environment)", () => {
    const base: NodeJS.ProcessEnv = { PATH: '/bin', ZSH_THEME: 'x' };
    Object.defineProperty(base, 'HIDDEN', { value: 'no', enumerable: false });
    const env = buildChildEnv(base, { EXTRA: 'yes', PAGER: 'less' }, 'r1');
    expect(env).toEqual({ PATH: '/bin', ...NON_INTERACTIVE_ENV, EXTRA: 'yes', PAGER: 'less', [RUN_TAG_VARIABLE]: 'r1' });
  });
});
