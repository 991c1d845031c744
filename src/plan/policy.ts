import { hasFlag, scan } from './match.js';
import { basename } from './normalize.js';
import { normalizePolicyOptions } from './policy-options.js';
import type { PolicyOptions } from './policy-types.js';
import type { Plan, PlanSegment } from './types.js';
import type { Policy, PolicyDecision } from './policy-types.js';
import { programValueOptions } from './wrappers.js';

type Matcher = (segment: PlanSegment) => boolean;

function compileEntry(entry: string): Matcher {
  if (entry.startsWith('rule:')) {
    const id = entry.slice(5);
    return (s) => s.rules.some((r) => r === id || (id.endsWith('.') && r.startsWith(id)));
  }
  if (entry.startsWith('category:')) {
    const category = entry.slice(9);
    return (s) => s.category === category || (category === 'destructive' && s.destructive);
  }
  const [first = '', ...rest] = entry.split(/\s+/);
  const program = basename(first);
  const words = rest.filter((t) => !t.startsWith('-') || t === '-');
  const flags = rest
    .filter((t) => t.startsWith('-') && t !== '-')
    .flatMap((t) => (/^-[A-Za-z0-9]{2,}$/.test(t) ? [...t.slice(1)].map((c) => `-${c}`) : [t]));
  const valueOptions = new Set(Object.hasOwn(programValueOptions, program) ? programValueOptions[program] : []);
  return (s) => {
    if (s.program !== program) return false;
    const scanned = scan(s.argv.slice(1), valueOptions);
    return words.every((w, i) => scanned.operands[i] === w) && flags.every((f) => hasFlag(scanned.flags, f));
  };
}

function describe(segment: PlanSegment): string {
  return segment.argv.length > 0 ? segment.argv.join(' ') : (segment.rules[0] ?? 'command');
}

/**
 * Creates an allow/deny policy over plans (Codex's execpolicy is the model).
 */
export function createPolicy(options?: PolicyOptions): Policy {
  const settings = normalizePolicyOptions(options);
  const deny = settings.deny.map((entry) => ({ entry, matches: compileEntry(entry) }));
  const allow = settings.allow.map((entry) => ({ entry, matches: compileEntry(entry) }));
  const refuse = settings.mode === 'enforce' ? 'block' : 'warn';
  return {
    mode: settings.mode,
    check(plan: Plan): PolicyDecision {
      if (settings.mode === 'off') return { action: 'allow' };
      for (const segment of plan.segments) {
        const hit = deny.find((d) => d.matches(segment));
        if (hit)
          return { action: refuse, rule: hit.entry, reason: `\`${describe(segment)}\` is denied by policy (\`${hit.entry}\`)` };
      }
      if (allow.length === 0) return { action: 'allow' };
      for (const segment of plan.segments) {
        if (!allow.some((a) => a.matches(segment))) {
          return { action: refuse, reason: `\`${describe(segment)}\` is not on the allow list` };
        }
      }
      return { action: 'allow' };
    },
  };
}
