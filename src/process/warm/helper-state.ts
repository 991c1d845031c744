import { WarmSpawner } from './warm-spawner.js';

/** After this many helper deaths, runs start directly for the rest of the process. */
const MAX_HELPER_CRASHES = 2;

// Process-wide, like host-lifetime.ts: one helper serves every shell and run of this host process (a second
// would cost a fork of the host and 40 MB for nothing), and its crashes count for the process.
interface HelperState {
  spawner: Promise<WarmSpawner> | undefined;
  crashes: number;
  fallbackReason: string | undefined;
  fallbackTold: boolean;
}

const state: HelperState = { spawner: undefined, crashes: 0, fallbackReason: undefined, fallbackTold: false };

function fallBack(reason: string): void {
  state.fallbackReason ??= reason;
  state.spawner = undefined;
}

/** The running helper, started (or restarted after a crash) on first use; undefined once runs fall back to direct. */
export async function warmSpawner(): Promise<WarmSpawner | undefined> {
  if (state.fallbackReason !== undefined) return undefined;
  const current = state.spawner ? await state.spawner.catch(() => undefined) : undefined;
  if (current?.alive) return current;
  state.spawner = WarmSpawner.start().then((spawner) => {
    spawner.onCrash((reason) => {
      state.crashes += 1;
      if (state.crashes >= MAX_HELPER_CRASHES) fallBack(`${reason}, the second time`);
      else state.spawner = undefined;
    });
    return spawner;
  });
  try {
    return await state.spawner;
  } catch (error) {
    fallBack(`The warm spawner's helper could not start (${(error as Error).message})`);
    return undefined;
  }
}

/** Why runs start directly now, the first time it is asked after the fallback; undefined otherwise. */
export function fallbackNotice(): string | undefined {
  if (state.fallbackReason === undefined || state.fallbackTold) return undefined;
  state.fallbackTold = true;
  return `${state.fallbackReason}; commands start directly (spawner: 'direct') for the rest of this process.`;
}

/** Stops the helper, if one runs (what it watches is killed); the next warm run starts a new one. */
export async function stopWarmSpawner(): Promise<void> {
  const spawner = state.spawner;
  state.spawner = undefined;
  (await spawner?.catch(() => undefined))?.close();
}
