import { classifyExit, type ExitRule } from '../exit/index.js';
import type { ProcessOutcome } from './process-handle.js';

/** What a masked exit needs (`&`, `||`, `;`, `|`, a second line): a command without any has nothing to hide. */
const SEPARATOR = /[|&;\n\r]/;

export interface OutcomeMeaning {
  ok: boolean;
  status: 'ok' | 'error' | 'signal' | 'timeout';
  message?: string;
  hint?: string;
}

/** The semantic reading of how a process ended: per-program rules, named signals, masked exits. */
export function interpretOutcome(
  command: string,
  outcome: ProcessOutcome,
  stderr: string,
  options: { pipefail: boolean; exitRules?: readonly ExitRule[] | undefined },
): OutcomeMeaning {
  if (outcome.canceled) return { ok: false, status: 'signal', message: 'Canceled; the whole process group was killed' };
  if (outcome.lost && !outcome.timedOut) return { ok: false, status: 'error', message: `No exit status: ${outcome.lost}` };
  // Exit 0 reads as ok under every rule; only a masked exit adds a hint to it.
  if (outcome.exit === 0 && !outcome.timedOut && !SEPARATOR.test(command)) return { ok: true, status: 'ok' };
  const classification = classifyExit({
    command,
    exitCode: outcome.exit,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    stderr: stderr.slice(-4096),
    pipefail: options.pipefail,
    ...(options.exitRules ? { rules: options.exitRules } : {}),
  });
  const meaning: OutcomeMeaning = { ok: classification.status === 'ok', status: classification.status };
  if (classification.message)
    meaning.message = outcome.timedOut ? `${classification.message}; the whole process group was killed` : classification.message;
  if (classification.hint) meaning.hint = classification.hint;
  return meaning;
}
