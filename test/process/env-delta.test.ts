import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { EnvBase } from '../../src/process/warm/env-delta.js';

describe('the environment sent to the warm helper as differences from a base', () => {
  it('sends the base once, then only what is set and unset, and a new base when most of it changed', () => {
    const envBase = new EnvBase();
    const first = envBase.delta({ A: '1', B: '2', C: '3', D: '4', TAG: 'r1' });
    expect(first.base).toEqual({ A: '1', B: '2', C: '3', D: '4', TAG: 'r1' });
    expect(envBase.delta({ A: '1', B: '2', C: '3', D: '4', TAG: 'r2' })).toEqual({ set: { TAG: 'r2' }, unset: [] });
    expect(envBase.delta({ A: '1', C: '3', D: '4', TAG: 'r1', E: undefined })).toEqual({ set: {}, unset: ['B'] });
    const moved = envBase.delta({ X: '1', Y: '2', TAG: 'r3' });
    expect(moved.base).toEqual({ X: '1', Y: '2', TAG: 'r3' });
  });

  it('treats variables named like Object.prototype members as plain variables', () => {
    const envBase = new EnvBase();
    envBase.delta({ A: '1', B: '2', C: '3', constructor: 'c', toString: 't' });
    expect(envBase.delta({ A: '1', B: '2', C: '3', constructor: 'c', toString: 't' })).toEqual({ set: {}, unset: [] });
    expect(envBase.delta({ A: '1', B: '2', C: '3', toString: 't' })).toEqual({ set: {}, unset: ['constructor'] });
  });

  it('gives a warm child exactly its env: what the run sets, and nothing the base had that it unset', async () => {
    const env = { TERSH_DELTA_KEPT: 'kept', constructor: 'built' };
    const shown = await run(['sh', '-c', 'echo "$TERSH_DELTA_KEPT/$TERSH_DELTA_GONE"; env | grep -c "^constructor=built$"'], {
      spawner: 'warm',
      env: { ...env, TERSH_DELTA_GONE: 'here' },
    });
    expect(shown.stdout).toBe('kept/here\n1\n');
    const later = await run(['sh', '-c', 'echo "$TERSH_DELTA_KEPT/${TERSH_DELTA_GONE-unset}"'], { spawner: 'warm', env });
    expect(later.stdout).toBe('kept/unset\n');
  });
});
