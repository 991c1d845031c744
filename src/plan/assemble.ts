import { structuralRules, severity, worst } from './structural.js';
import type { Plan, PlanCategory, PlanEffect, PlanSegment } from './types.js';

/** Plan-level troubles found while parsing (`shell.parse-error`, `shell.too-long`…). */
export interface Troubles {
  rules: string[];
  mayDestroy: boolean;
}

/** Combines segments: the worst decides the category; warnings sorted most serious first. */
export function assemblePlan(segments: PlanSegment[], troubles: Troubles): Plan {
  let category: PlanCategory = 'read-only';
  let destructive = troubles.mayDestroy;
  let irreversible = false;
  let allReversible = true;
  const effects: PlanEffect[] = [];
  const ranked: { warning: string; rank: number; order: number }[] = [];
  const push = (warning: string, rank: number) => {
    if (!ranked.some((r) => r.warning === warning)) ranked.push({ warning, rank, order: ranked.length });
  };
  for (const segment of segments) {
    category = worst(category, segment.category);
    if (segment.destructive) destructive = true;
    if (segment.reversible === false) irreversible = true;
    if (segment.reversible !== true) allReversible = false;
    for (const effect of segment.effects) {
      if (!effects.some((e) => e.path === effect.path && e.kind === effect.kind)) effects.push(effect);
    }
    const rank = segment.destructive ? 10 : severity(segment.category);
    for (const warning of segment.warnings) push(warning, rank);
  }
  for (const id of troubles.rules) {
    const rule = structuralRules[id];
    if (!rule) continue;
    category = worst(category, rule.category);
    allReversible = false;
    if (rule.warning) push(rule.warning, severity(rule.category));
    segments.push({
      program: null,
      argv: [],
      rules: [id],
      category: rule.category,
      destructive: troubles.mayDestroy,
      reversible: 'unknown',
      network: false,
      effects: [],
      warnings: rule.warning ? [rule.warning] : [],
      depth: 0,
    });
  }
  ranked.sort((a, b) => b.rank - a.rank || a.order - b.order);
  return {
    category,
    destructive,
    reversible: irreversible || destructive ? false : allReversible ? true : 'unknown',
    effects,
    warnings: ranked.map((r) => r.warning),
    segments,
  };
}
