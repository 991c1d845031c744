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

/** A Policy as given, or one built from PolicyOptions (validated). */
export function normalizePolicy(value: unknown): Policy | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'object' && value !== null && typeof (value as Policy).check === 'function') return value as Policy;
  if (!isPlainObject(value)) throw invalid('policy', 'a Policy from createPolicy() or its options', value);
  return createPolicy(value as PolicyOptions);
}

export interface Screening {
  plan?: Plan;
  decision?: PolicyDecision;
  /** The plan's most serious warning, for the result. */
  warning?: string;
}

/**
 * Plans the command (statically, nothing runs) and applies the policy. When the planner cannot
 * load, an enforcing policy blocks rather than letting an unchecked command through.
 */
export async function screenCommand(
  command: string,
  policy: Policy | undefined,
  language: 'bash' | 'powershell' = 'bash',
): Promise<Screening> {
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
  const screening: Screening = { plan: planned };
  if (planned.warnings[0]) screening.warning = planned.warnings[0];
  if (policy) screening.decision = policy.check(planned);
  return screening;
}
