import type { Launcher } from '../launcher.js';
import { localLauncher } from '../local-launcher.js';
import type { SpawnerChoice } from './spawner-choice.js';
import { warmLauncher } from './warm-launcher.js';

/**
 * Past this much forkable memory, `auto` starts through the helper. A fork copies the page tables of the
 * host's Buffers, malloc and wasm memory (not V8's heap); measured here (bench/spawner.bench.ts), the helper
 * wins from a small host on and loses only in a bare Node process, by about 0.2 ms.
 */
export const AUTO_WARM_ABOVE_BYTES = 64 * 1024 * 1024;

/** The host's memory a fork has to copy the mappings of: its resident size less V8's heap. */
export function forkableBytes(): number {
  const { rss, heapTotal } = process.memoryUsage();
  return Math.max(0, rss - heapTotal);
}

export function launcherFor(choice: SpawnerChoice): Launcher {
  if (choice === 'direct') return localLauncher;
  if (choice === 'warm') return warmLauncher;
  return forkableBytes() >= AUTO_WARM_ABOVE_BYTES ? warmLauncher : localLauncher;
}
