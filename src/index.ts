export { TershError, isTershError } from './errors.js';
export type { TershErrorCode } from './errors.js';
export { run } from './run/index.js';
export type { RunOptions, RunResult, ShellKind } from './run/index.js';
export { createRecordStore } from './store/index.js';
export type { RecordStore, RecordStoreOptions, DetailOptions, ReadOptions, RecordMeta, RecordStream, DetailSelector, ReadPage, ExpiredRead } from './store/index.js';
export { plan, createPlanner, createPolicy, toolAnnotations } from './plan/index.js';
export type { Plan, PlanCategory, PlanEffect, PlanOptions, PlanRule, PlanRuleEffects, PlanSegment, Planner, Policy, PolicyDecision, PolicyOptions, ToolAnnotations } from './plan/index.js';
