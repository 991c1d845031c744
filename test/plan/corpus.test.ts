import { beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, type Plan, type Planner } from '../../src/plan/index.js';
import { allRows, corpus, type Label } from './corpus/index.js';

let planner: Planner;
beforeAll(async () => {
  planner = await createPlanner();
});

function labelOf(plan: Plan): Label {
  if (plan.category === 'complex' && plan.destructive) return 'complex!';
  return plan.category;
}

function title(command: string): string {
  const shown = JSON.stringify(command);
  return shown.length > 70 ? `${shown.slice(0, 67)}...` : shown;
}

describe('the labelled corpus', () => {
  it('holds at least 400 commands covering every family', () => {
    expect(allRows.length).toBeGreaterThanOrEqual(400);
    for (const rows of Object.values(corpus)) expect(rows.length).toBeGreaterThan(20);
  });

  for (const [family, rows] of Object.entries(corpus)) {
    describe(family, () => {
      for (const [command, label, rule] of rows) {
        it(`labels ${title(command)} ${label}${rule ? ` by ${rule}` : ''}`, () => {
          const plan = planner.plan(command);
          expect({ label: labelOf(plan), destructive: plan.destructive }).toEqual({
            label,
            destructive: label === 'destructive' || label === 'complex!',
          });
          if (rule) expect(plan.segments.flatMap((s) => s.rules)).toContain(rule);
        });
      }
    });
  }

  it('finds every destructive row (recall 100%) and flags at most 3% of read-only rows', () => {
    const destructiveRows = allRows.filter(([, label]) => label === 'destructive' || label === 'complex!');
    const missed = destructiveRows.filter(([command]) => !planner.plan(command).destructive).map(([c]) => c);
    const readOnlyRows = allRows.filter(([, label]) => label === 'read-only');
    const flagged = readOnlyRows.filter(([command]) => planner.plan(command).category !== 'read-only').map(([c]) => c);
    const recall = 1 - missed.length / destructiveRows.length;
    const falsePositiveRate = flagged.length / readOnlyRows.length;
    console.log(
      `plan corpus: ${allRows.length} rows; recall ${(recall * 100).toFixed(1)}% on ${destructiveRows.length} destructive rows; ` +
        `false positives ${(falsePositiveRate * 100).toFixed(1)}% on ${readOnlyRows.length} read-only rows`,
    );
    expect(missed).toEqual([]);
    expect(falsePositiveRate).toBeLessThanOrEqual(0.03);
  });
});
