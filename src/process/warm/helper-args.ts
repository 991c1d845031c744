import { createRequire } from 'node:module';
import { WARM_HELPER_SOURCE } from './helper-source.js';

/**
 * Where koffi (an optional dependency: the FFI library the helper calls glibc's posix_spawn through) is
 * installed, or undefined where it is not: the helper then forks through libuv. Only the helper loads it.
 */
function koffiPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('koffi');
  } catch {
    return undefined;
  }
}

/**
 * The helper's arguments after `node`: `-e <source> <socket folder path> [<koffi's path>]`, after Node's flags.
 * `TERSH_WARM_HELPER_CPU_PROF=<folder>` in the host's environment (for profiling, as bench/spawner.bench.ts's notes
 * do) makes it write a V8 CPU profile there when it exits; nothing is read otherwise.
 */
export function helperArgs(env: NodeJS.ProcessEnv, socketPath: string): string[] {
  const profileFolder = env.TERSH_WARM_HELPER_CPU_PROF;
  const ffi = koffiPath();
  return [
    '--max-old-space-size=64',
    // One V8 worker thread, not four: a cgroup move visits every thread of the helper (an IPI to each one's last
    // CPU), and with 4 threads instead of 7 its two moves a run took 150 µs instead of 190 (medians) here.
    '--v8-pool-size=1',
    ...(profileFolder ? ['--cpu-prof', `--cpu-prof-dir=${profileFolder}`] : []),
    '-e',
    WARM_HELPER_SOURCE,
    socketPath,
    ...(ffi ? [ffi] : []),
  ];
}
