import { constants } from 'node:os';
import type { ProcessOutcome } from './process-handle.js';

export interface OutcomeMeaning {
  ok: boolean;
  status: 'ok' | 'error' | 'signal' | 'timeout';
  message?: string;
  hint?: string;
}

const signalName = (exit: number): string | undefined =>
  Object.entries(constants.signals).find(([, number]) => number === exit - 128)?.[0];

/** The meaning of an outcome by its exit alone (the exit classifier refines it per program). */
export function interpretOutcome(_command: string, outcome: ProcessOutcome, _stderr: string): OutcomeMeaning {
  if (outcome.timedOut) return { ok: false, status: 'timeout', message: 'Timed out; the whole process group was killed' };
  if (outcome.canceled) return { ok: false, status: 'signal', message: 'Canceled; the whole process group was killed' };
  if (outcome.signal) return { ok: false, status: 'signal', message: `Killed by ${outcome.signal}` };
  if (outcome.exit === 0) return { ok: true, status: 'ok' };
  const name = outcome.exit !== null && outcome.exit > 128 ? signalName(outcome.exit) : undefined;
  if (name) return { ok: false, status: 'signal', message: `Killed by ${name}` };
  return { ok: false, status: 'error' };
}
