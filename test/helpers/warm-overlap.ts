import type { RecordStore } from '../../src/index.js';
import { run } from '../../src/index.js';

/** `count` warm runs of `true`, one after another. */
export async function warmRunsOneAtATime(store: RecordStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await run('true', { store, spawner: 'warm' });
}

/** Four warm runs at once, each 0.3 s long: the pids of the helpers that started them (their `$PPID`). */
export async function overlappingWarmParents(store: RecordStore): Promise<Set<number>> {
  const results = await Promise.all(Array.from({ length: 4 }, () => run('echo $PPID; sleep 0.3', { store, spawner: 'warm' })));
  return new Set(results.map((result) => Number(result.stdout)));
}
