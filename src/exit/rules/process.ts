import type { ExitRule } from '../types.js';

/** Codes that wrappers report for themselves, before the wrapped program's own codes. */
export const processRules: readonly ExitRule[] = [
  { programs: ['timeout'], codes: [124], status: 'timeout', message: 'Timed out: timeout(1) stopped the command' },
  { programs: ['timeout'], codes: [125], status: 'error', message: 'timeout(1) itself failed' },
  { programs: ['xargs'], codes: [123], status: 'error', message: 'A command run by xargs failed (exit 1-125)' },
  { programs: ['xargs'], codes: [124], status: 'error', message: 'A command run by xargs exited 255; xargs stopped' },
  { programs: ['xargs'], codes: [125], status: 'error', message: 'A command run by xargs was killed by a signal' },
  {
    programs: ['env', 'nice', 'nohup', 'stdbuf', 'chroot'],
    codes: [125],
    status: 'error',
    message: 'The wrapper itself failed before running the command',
  },
];
