export { plan, createPlanner } from './planner.js';
export { planPowerShellLine } from './powershell/plan-powershell.js';
export { POWERSHELL_RULES } from './powershell/rules.js';
export type { PsRule } from './powershell/rules.js';
export { createPolicy } from './policy.js';
export { toolAnnotations } from './annotations.js';
export {
  planRules,
  containerRules,
  databaseRules,
  execRules,
  filesystemRules,
  gitRules,
  networkRules,
  readOnlyRules,
  systemRules,
} from './rules/index.js';
export type { Plan, PlanCategory, PlanEffect, PlanOptions, PlanRule, PlanRuleEffects, PlanSegment, Planner } from './types.js';
export type { Policy, PolicyDecision, PolicyOptions } from './policy-types.js';
export type { ToolAnnotations } from './annotations.js';
