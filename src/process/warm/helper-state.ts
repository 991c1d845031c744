import { availableParallelism } from 'node:os';
import { retireCgroup } from '../host-lifetime.js';
import { WarmSpawner } from './warm-spawner.js';

/** After this many helper deaths, runs start directly for the rest of the process. */
const MAX_HELPER_CRASHES = 2;

/**
 * Helpers at most. A helper that forks (no koffi) holds its event loop until the child has exec'd (8 ms at the median
 * on a loaded 2-core machine), so a second one lets two forks go at once (8 in flight: +30 % runs/s measured here).
 * One that spawns with posix_spawn holds it under a millisecond, and a second only adds a process to wake: at 8 in
 * flight (bench/spawner-ab.ts) one gave 529 runs/s against two's 501 in a small host, 627 against 542 in a big one.
 */
const MAX_HELPERS = 2;

/** One helper: the one being started, until it is ready. */
interface HelperSlot {
  starting: Promise<WarmSpawner> | undefined;
  ready: WarmSpawner | undefined;
}

// Process-wide, like host-lifetime.ts: the helpers serve every shell and run of this host process, and their
// crashes count for the process. The first boots at the second run; the second, where the first forks, only when a
// run starts while another is in flight (a host that runs one command at a time never pays its fork and 40 MB).
interface HelperState {
  slots: HelperSlot[];
  crashes: number;
  fallbackReason: string | undefined;
  fallbackTold: boolean;
  /** The last crash or failed start, said by `warmSpawnerProblem` while no helper is ready. */
  lastFailure: string | undefined;
  /** Whether a run has asked for the helper yet: the first one starts directly and boots nothing. */
  asked: boolean;
}

const state: HelperState = {
  slots: Array.from({ length: MAX_HELPERS }, () => ({ starting: undefined, ready: undefined })),
  crashes: 0,
  fallbackReason: undefined,
  fallbackTold: false,
  lastFailure: undefined,
  asked: false,
};

function crashed(slot: HelperSlot, reason: string): void {
  slot.ready = undefined;
  slot.starting = undefined;
  state.crashes += 1;
  state.lastFailure = reason;
  if (state.crashes >= MAX_HELPER_CRASHES) state.fallbackReason ??= `${reason} (its second crash)`;
}

function startHelper(slot: HelperSlot): Promise<WarmSpawner> {
  slot.starting ??= WarmSpawner.start().then(
    (spawner) => {
      spawner.onCrash((reason) => {
        // The cgroup it waited in is empty now: kept for a next run like any other.
        const park = spawner.takeParking();
        if (park) retireCgroup(park);
        crashed(slot, reason);
      });
      slot.ready = spawner;
      slot.starting = undefined;
      return spawner;
    },
    (error: Error) => {
      crashed(slot, `The warm spawner's helper could not start (${error.message})`);
      throw error;
    },
  );
  return slot.starting;
}

/** The ready helper with the fewest runs in flight (the first on a tie), or undefined. */
function leastBusy(): WarmSpawner | undefined {
  let chosen: WarmSpawner | undefined;
  for (const slot of state.slots)
    if (slot.ready?.alive && (!chosen || slot.ready.inFlight < chosen.inFlight)) chosen = slot.ready;
  return chosen;
}

/**
 * The ready helper with the fewest runs in flight, or undefined: while the first boots (a Node.js process: 50 ms,
 * seconds on a loaded machine) runs start directly rather than wait, and after the second crash they always do.
 * Starts it (again) when needed, from the second run on: a process that runs one command (a CLI call) pays for no
 * helper, and booting one forks the host anyway, as that first run does. Where the helper forks, a second boots the
 * first time a run finds every ready one busy, where there is more than one core.
 */
export function warmSpawner(): WarmSpawner | undefined {
  if (state.fallbackReason !== undefined) return undefined;
  const chosen = leastBusy();
  if (chosen) {
    const idle = state.slots.find((slot) => !slot.ready?.alive && !slot.starting);
    const forks = chosen.spawnPath !== 'posix_spawn';
    if (forks && chosen.inFlight > 0 && idle && availableParallelism() > 1) void startHelper(idle).catch(() => undefined);
    return chosen;
  }
  if (!state.asked) {
    state.asked = true;
    return undefined;
  }
  void startHelper(state.slots[0]!).catch(() => undefined);
  return undefined;
}

/** Resolves once a helper is ready (false when it could not start, or runs fell back to direct for good). */
export async function warmSpawnerReady(): Promise<boolean> {
  if (state.fallbackReason !== undefined) return false;
  if (leastBusy()) return true;
  return startHelper(state.slots[0]!).then(
    () => true,
    () => false,
  );
}

/** Why runs start directly for good, or else why the last helper crashed or could not start; undefined if none did. */
export function warmSpawnerProblem(): string | undefined {
  return state.fallbackReason ?? state.lastFailure;
}

/** The pids of the helpers running now (the bench reads their CPU time). */
export function warmHelperPids(): number[] {
  return state.slots.flatMap((slot) => (slot.ready?.alive ? [slot.ready.helperPid] : []));
}

/** How the ready helper spawns (posix_spawn, bindings or portable; the bench prints it), or undefined without one. */
export function warmSpawnPath(): WarmSpawner['spawnPath'] {
  return leastBusy()?.spawnPath;
}

/** Why runs start directly now, the first time it is asked after the fallback; undefined otherwise. */
export function fallbackNotice(): string | undefined {
  if (state.fallbackReason === undefined || state.fallbackTold) return undefined;
  state.fallbackTold = true;
  return `${state.fallbackReason}; commands start directly (spawner: 'direct') for the rest of this process.`;
}
