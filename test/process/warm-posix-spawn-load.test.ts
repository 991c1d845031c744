import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { WarmSpawner } from '../../src/process/warm/warm-spawner.js';
import { collect, warmRequests } from '../helpers/warm-requests.js';

// SIGCHLD coalesces: one signal may stand for many exits. The helper spawning with posix_spawn reaps its own children
// by pid on each signal, so a burst of exits, signals and stdin runs must each report once, exactly, and leave no zombie.
process.env.TERSH_WARM_SPAWN_PATH = 'posix_spawn';
const spawner = await WarmSpawner.start();
delete process.env.TERSH_WARM_SPAWN_PATH;
afterAll(() => spawner.close());
const request = warmRequests('posix-load');

/** The helper's children that have exited and not been waited for. */
function zombiesOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return state === 'Z' && Number(ppid) === parent ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

describe.runIf(spawner.spawnPath === 'posix_spawn')('the helper spawning with posix_spawn under a burst', () => {
  it('reports 300 runs, 48 at a time, each with its own exit code, signal or echoed input, and leaves no zombie', async () => {
    const one = async (n: number) => {
      const kind = n % 3;
      const command =
        kind === 0 ? `exit ${n % 256}` : kind === 1 ? 'kill -TERM $$' : `read line; echo "$line-${n}"; exit ${n % 7}`;
      const launched = await spawner.launch(request('/bin/sh', ['-c', command], kind === 2 ? { stdin: 'pipe' } : {}));
      if (kind === 2) launched.stdin!.end(`in${n}\n`);
      const [stdout, exit] = await Promise.all([collect(launched.stdout), launched.exit, collect(launched.stderr)]);
      launched.release();
      const expected =
        kind === 0
          ? { stdout: '', code: n % 256, signal: null }
          : kind === 1
            ? { stdout: '', code: null, signal: 'SIGTERM' }
            : { stdout: `in${n}-${n}\n`, code: n % 7, signal: null };
      expect({ stdout, code: exit.code, signal: exit.signal }, `run ${n}`).toEqual(expected);
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 48 }, async () => {
        while (next < 300) await one(next++);
      }),
    );
    expect(zombiesOf(spawner.helperPid)).toEqual([]);
  }, 60_000);
});
