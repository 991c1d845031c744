import { beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, type Planner } from '../../src/plan/index.js';
import { documentedRows, frozenRows, tuningRows } from './corpus/documented/index.js';

let planner: Planner;
beforeAll(async () => {
  // A generous parse budget, so a loaded machine cannot turn a row into a timeout.
  planner = await createPlanner({ parseTimeoutMs: 2_000 });
});

const flagged = (command: string) => {
  const plan = planner.plan(command);
  return plan.destructive || plan.category === 'destructive';
};

describe('the documented command set (tuning half only; the frozen half is reported by `npm run bench -- plan-frozen`)', () => {
  it('holds at least 1 500 commands over at least 60 programs, split in two halves', () => {
    expect(documentedRows.length).toBeGreaterThanOrEqual(1_500);
    expect(new Set(documentedRows.map((r) => r.program)).size).toBeGreaterThanOrEqual(60);
    expect(tuningRows.length + frozenRows.length).toBe(documentedRows.length);
    expect(Math.abs(tuningRows.length - frozenRows.length)).toBeLessThan(documentedRows.length * 0.1);
  });

  it('finds at least 97% of the destructive commands and flags at most 1% of the safe ones', () => {
    const destructive = tuningRows.filter((r) => r.destructive);
    const safe = tuningRows.filter((r) => !r.destructive);
    const missed = destructive.filter((r) => !flagged(r.command)).map((r) => r.command);
    const falseAlarms = safe.filter((r) => flagged(r.command)).map((r) => r.command);
    const recall = 1 - missed.length / destructive.length;
    const falsePositiveRate = falseAlarms.length / safe.length;
    console.log(
      `documented tuning half: ${tuningRows.length} rows; recall ${(recall * 100).toFixed(1)}% of ${destructive.length}; false positives ${(falsePositiveRate * 100).toFixed(1)}% of ${safe.length}`,
    );
    expect(recall, missed.join('\n')).toBeGreaterThanOrEqual(0.97);
    expect(falsePositiveRate, falseAlarms.join('\n')).toBeLessThanOrEqual(0.01);
  });

  it('never reads a destructive command of the tuning half as read-only', () => {
    expect(
      tuningRows.filter((r) => r.destructive && planner.plan(r.command).category === 'read-only').map((r) => r.command),
    ).toEqual([]);
  });
});
