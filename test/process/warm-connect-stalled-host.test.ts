import { afterAll, describe, expect, it } from 'vitest';
import { WarmSpawner } from '../../src/process/warm/warm-spawner.js';
import { collect, warmRequests } from '../helpers/warm-requests.js';

// The helper connects each command's sockets to the host's socket folder. While the host's event loop is stalled,
// nothing accepts them, and past the listen queue (511) a non-blocking connect fails with EAGAIN: the run failed
// with `connect EAGAIN`. On each spawn path, the helper now waits for the host instead.
const paths = ['posix_spawn', 'bindings', 'portable'] as const;
const spawners = new Map<string, WarmSpawner>();
for (const path of paths) {
  process.env.TERSH_WARM_SPAWN_PATH = path;
  spawners.set(path, await WarmSpawner.start());
}
delete process.env.TERSH_WARM_SPAWN_PATH;
afterAll(() => spawners.forEach((spawner) => spawner.close()));
const request = warmRequests('stalled-host');

const RUNS = 240; // 3 sockets each: 720 connects, past the queue's 511
const STALL_MS = 1_500;

describe.each(paths)('the %s helper, its host stalled', (path) => {
  const spawner = spawners.get(path)!;
  it(`starts ${RUNS} runs with stdin, whose ${RUNS * 3} connects pass the listen queue while the host's loop is blocked`, async () => {
    expect(spawner.spawnPath).toBe(path);
    const runs = Array.from({ length: RUNS }, async (_, n) => {
      const launched = await spawner.launch(request('/bin/sh', ['-c', `read line; echo "$line-${n}"`], { stdin: 'pipe' }));
      launched.stdin!.end(`in${n}\n`);
      const [stdout, exit] = await Promise.all([collect(launched.stdout), launched.exit, collect(launched.stderr)]);
      launched.release();
      return { stdout, code: exit.code };
    });
    // The start messages go out as the loop turns; then the loop stops while the helper connects.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const until = Date.now() + STALL_MS;
    while (Date.now() < until);
    const results = await Promise.all(runs);
    expect(results).toEqual(Array.from({ length: RUNS }, (_, n) => ({ stdout: `in${n}-${n}\n`, code: 0 })));
  }, 60_000);
});
