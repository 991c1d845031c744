import { setFlagsFromString } from 'node:v8';

// V8 flags set while tree-sitter's wasm compiles, each with the value it is put back to.
// Liftoff only: V8's optimising tier would recompile the parser's hot functions in the background
// a few parses in, and the host's event loop waits on that compile (0.4-0.7 s, seconds on a busy
// machine) while a command runs. Eager compilation: every function is compiled off the main thread
// during the async load, instead of on the main thread at its first call (about 15 ms).
const COMPILE_FLAGS: readonly { during: string; after: string }[] = [
  { during: '--liftoff-only', after: '--no-liftoff-only' },
  { during: '--no-wasm-lazy-compilation', after: '--wasm-lazy-compilation' },
];

function flagName(flag: string): string {
  return flag.replace(/^--(no-)?/, '').replaceAll('_', '-');
}

/** The flags the host did not set itself (on its command line or in NODE_OPTIONS): those are its own choice. */
export function compileFlagsToSet(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): { during: string; after: string }[] {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)]
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => flagName(arg.split('=')[0]!));
  return COMPILE_FLAGS.filter(({ during }) => !given.includes(flagName(during)));
}

function setFlags(flags: readonly string[]): void {
  for (const flag of flags) {
    try {
      setFlagsFromString(flag);
    } catch {
      // a runtime without V8 flags compiles as it does; only the speed differs
    }
  }
}

/**
 * Runs `load` (which compiles wasm) with V8's wasm compiled eagerly off the main thread and never
 * tiered up, then puts the flags back. Wasm the host compiles during that window (tens of ms, once
 * per process) gets the same treatment.
 */
export async function withBaselineWasm<T>(load: () => Promise<T>): Promise<T> {
  const flags = compileFlagsToSet(process.execArgv, process.env.NODE_OPTIONS);
  setFlags(flags.map(({ during }) => during));
  try {
    return await load();
  } finally {
    setFlags(flags.map(({ after }) => after));
  }
}
