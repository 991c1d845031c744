import { AUTO_WARM_ABOVE_BYTES, forkableBytes } from '../process/warm/choose-launcher.js';
import { warmSpawnerProblem, warmSpawnerReady, warmSpawnPath } from '../process/warm/helper-state.js';
import { defaultSpawner, SPAWNER_CHOICES } from '../process/warm/spawner-choice.js';
import { warmSpawnerSupported } from '../process/warm/warm-launcher.js';
import { optionalOneOf, readOptionsObject } from '../validate.js';

/**
 * Starts the warm spawner's helper now and resolves once it is ready, rather than at the second run. Call it at the
 * start of a long-lived host (an agent, an MCP server), while its memory is small: booting the helper forks the host
 * once, and that fork costs what the host holds then (1 ms for a bare Node.js process, 10–70 ms for one holding
 * gigabytes, its event loop blocked meanwhile). The first runs then start through the helper instead of forking the
 * host while it boots. An idle helper keeps no process alive. Safe to call again: it resolves at once.
 * @throws TypeError naming the field, for options that are not `{ spawner?: 'direct' | 'warm' | 'auto' }`
 */
export async function prepareSpawner(options?: {
  /** The choice to prepare for (see `RunOptions.spawner`). @defaultValue that of `run()` */
  spawner?: 'direct' | 'warm' | 'auto';
}): Promise<{
  /** `warm`: through the warm spawner's helper; `direct`: forked by this process. */
  spawner: 'warm' | 'direct';
  /** How the helper starts a command, once it is ready: `posix_spawn` (through koffi), else `bindings` or `portable`. */
  spawnPath?: 'posix_spawn' | 'bindings' | 'portable';
  /** Why runs start directly, when they do. */
  reason?: string;
}> {
  const raw = readOptionsObject('options', options, ['spawner']);
  const choice = optionalOneOf('spawner', raw.spawner, SPAWNER_CHOICES) ?? defaultSpawner();
  if (choice === 'direct') return { spawner: 'direct', reason: "the spawner chosen is 'direct'" };
  if (!warmSpawnerSupported) {
    return { spawner: 'direct', reason: `the warm spawner runs on Linux only (this is ${process.platform})` };
  }
  if (!(await warmSpawnerReady())) {
    return { spawner: 'direct', reason: warmSpawnerProblem() ?? "the warm spawner's helper could not start" };
  }
  const spawnPath = warmSpawnPath();
  const ready = spawnPath === undefined ? {} : { spawnPath };
  if (choice === 'auto' && forkableBytes() < AUTO_WARM_ABOVE_BYTES) {
    const limitMb = AUTO_WARM_ABOVE_BYTES / 1024 / 1024;
    const reason = `'auto' forks this process directly while it holds under ${limitMb} MB of forkable memory (Buffers, malloc, wasm), and starts runs through the ready helper once it holds more`;
    return Object.assign({ spawner: 'direct' as const }, ready, { reason });
  }
  return Object.assign({ spawner: 'warm' as const }, ready);
}
