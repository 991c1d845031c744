/**
 * Files tersh itself makes a traced command touch: a shell session's exit-trap script (read by bash through
 * `BASH_ENV`) and the per-run file the trap writes. A trace summary lists what the command did, not these.
 */
export const SESSION_DIR_PREFIX = 'tersh-shell-';
export const SESSION_TRAP_FILE = 'session-trap.bash';

export function sessionOutFile(counter: number): string {
  return `run-${counter}.out`;
}

const BOOKKEEPING_PATH = /\/tersh-shell-[^/]+\/(?:session-trap\.bash|run-\d+\.out)$/;

export function isBookkeepingPath(path: string): boolean {
  return BOOKKEEPING_PATH.test(path);
}
