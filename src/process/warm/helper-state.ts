import { WarmSpawner } from './warm-spawner.js';

/** After this many helper deaths, runs start directly for the rest of the process. */
const MAX_HELPER_CRASHES = 2;

// Process-wide, like host-lifetime.ts: one helper serves every shell and run of this host process (a second
// would cost a fork of the host and 40 MB for nothing), and its crashes count for the process.
interface HelperState {
  /** The helper being started, until it is ready. */
  starting: Promise<WarmSpawner> | undefined;
  ready: WarmSpawner | undefined;
  crashes: number;
  fallbackReason: string | undefined;
  fallbackTold: boolean;
  /** Whether a run has asked for the helper yet: the first one starts directly and boots nothing. */
  asked: boolean;
}

const state: HelperState = {
  starting: undefined,
  ready: undefined,
  crashes: 0,
  fallbackReason: undefined,
  fallbackTold: false,
  asked: false,
};

function crashed(reason: string): void {
  state.ready = undefined;
  state.starting = undefined;
  state.crashes += 1;
  if (state.crashes >= MAX_HELPER_CRASHES) state.fallbackReason ??= `${reason} (its second crash)`;
}

function startHelper(): Promise<WarmSpawner> {
  state.starting ??= WarmSpawner.start().then(
    (spawner) => {
      spawner.onCrash((reason) => crashed(reason));
      state.ready = spawner;
      state.starting = undefined;
      return spawner;
    },
    (error: Error) => {
      crashed(`The warm spawner's helper could not start (${error.message})`);
      throw error;
    },
  );
  return state.starting;
}

/**
 * The ready helper, or undefined: while it boots (a Node.js process: 50 ms, seconds on a loaded machine) runs
 * start directly rather than wait, and after its second crash they always do. Starts it (again) when needed,
 * from the second run on: a process that runs one command (a CLI call) pays for no helper, and booting one
 * forks the host anyway, as that first run does.
 */
export function warmSpawner(): WarmSpawner | undefined {
  if (state.fallbackReason !== undefined) return undefined;
  if (state.ready?.alive) return state.ready;
  if (!state.asked) {
    state.asked = true;
    return undefined;
  }
  void startHelper().catch(() => undefined);
  return undefined;
}

/** Resolves once a helper is ready (false when it could not start, or runs fell back to direct for good). */
export async function warmSpawnerReady(): Promise<boolean> {
  if (state.fallbackReason !== undefined) return false;
  if (state.ready?.alive) return true;
  return startHelper().then(
    () => true,
    () => false,
  );
}

/** Why runs start directly now, the first time it is asked after the fallback; undefined otherwise. */
export function fallbackNotice(): string | undefined {
  if (state.fallbackReason === undefined || state.fallbackTold) return undefined;
  state.fallbackTold = true;
  return `${state.fallbackReason}; commands start directly (spawner: 'direct') for the rest of this process.`;
}
