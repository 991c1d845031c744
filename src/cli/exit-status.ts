import { constants } from 'node:os';

/**
 * The CLI's exit status for `tersh run`: the command's own exit code; 124 for a timeout (as `timeout(1)`),
 * 128 + n for a signal, 125 when it was refused or never started, 1 when it exited 0 but its expectations failed.
 */
export function runExitStatus(result: Record<string, unknown>): number {
  if (typeof result.exit === 'number') return result.exit === 0 && result.assert_ok === false ? 1 : result.exit;
  if (result.timed_out === true) return 124;
  if (typeof result.signal === 'string') {
    const number = (constants.signals as Record<string, number>)[result.signal];
    if (number !== undefined) return 128 + number;
  }
  if (result.job_id !== undefined) return 0;
  return 125;
}

/** 2 for a usage mistake (bad flag or argument), 1 for an operational failure. */
export function errorExitStatus(result: Record<string, unknown>): number {
  const error = result.error as { type?: string } | undefined;
  return error?.type === 'TypeError' ? 2 : 1;
}
