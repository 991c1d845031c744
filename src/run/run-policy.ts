import {
  createPolicy,
  plan,
  planPowerShellLine,
  type Plan,
  type Policy,
  type PolicyDecision,
  type PolicyOptions,
} from '../plan/index.js';
import { invalid, isPlainObject } from '../validate.js';
import { WarningMemo } from './warning-memo.js';

/** A Policy as given, or one built from PolicyOptions (validated). */
export function normalizePolicy(value: unknown): Policy | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'object' && value !== null && typeof (value as Policy).check === 'function') return value as Policy;
  if (!isPlainObject(value)) throw invalid('policy', 'a Policy from createPolicy() or its options', value);
  return createPolicy(value as PolicyOptions);
}

export interface Screening {
  decision?: PolicyDecision;
  /** The plan's most serious warning, for the result. */
  warning?: string;
}

// A memo of a pure function, shared as the default planner is: an agent runs the same few commands again and again.
const policyFreeWarnings = new WarningMemo(256);

/**
 * Plans the command (statically, nothing runs) and applies the policy. When the planner cannot
 * load, an enforcing policy blocks rather than letting an unchecked command through. Without a policy, a bash
 * command screened lately is answered from memory.
 */
export async function screenCommand(
  command: string,
  policy: Policy | undefined,
  language: 'bash' | 'powershell' = 'bash',
): Promise<Screening> {
  const memo = policy === undefined && language === 'bash' ? policyFreeWarnings : undefined;
  const known = memo?.get(command);
  if (known !== undefined) return known === null ? {} : { warning: known };
  let planned: Plan;
  try {
    planned = language === 'powershell' ? planPowerShellLine(command) : await plan(command);
  } catch (error) {
    if (policy?.mode === 'enforce') {
      return {
        decision: {
          action: 'block',
          reason: `the command could not be checked (${(error as Error).message}), and the policy enforces`,
        },
      };
    }
    return {};
  }
  const screening: Screening = {};
  if (planned.warnings[0]) screening.warning = planned.warnings[0];
  const cutShort = planned.segments.some((segment) => segment.rules.includes('shell.parse-timeout'));
  if (!cutShort) memo?.keep(command, screening.warning);
  if (policy) screening.decision = policy.check(planned);
  return screening;
}
