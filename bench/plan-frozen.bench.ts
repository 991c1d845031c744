// plan(): accuracy on the documented command set (test/plan/corpus/documented), both halves.
// The tuning half is what the rules were adjusted on; the frozen half is only ever read as these totals.
// Side by side: a naive regex matcher of the kind shell-quote based guards use.
import { createPlanner } from '../src/plan/index.js';
import { frozenRows, tuningRows, type DocumentedRow } from '../test/plan/corpus/documented/index.js';

const naive = [
  /\brm\s+-\w*[rf]/,
  /\bgit\s+push\b.*(-f|--force)/,
  /\bgit\s+reset\s+--hard/,
  /\bgit\s+clean\s+-\w*f/,
  /\bdrop\s+(table|database)/i,
  /\bkubectl\s+delete\b/,
  /\bterraform\s+destroy\b/,
  /\bmkfs/,
  /\bdd\s+.*of=/,
  /\|\s*(ba)?sh\b/,
];
function score(
  rows: readonly DocumentedRow[],
  isFlagged: (command: string) => boolean,
): { recall: number; falsePositives: number; destructive: number; safe: number } {
  const destructive = rows.filter((r) => r.destructive);
  const safe = rows.filter((r) => !r.destructive);
  return {
    recall: destructive.filter((r) => isFlagged(r.command)).length / destructive.length,
    falsePositives: safe.filter((r) => isFlagged(r.command)).length / safe.length,
    destructive: destructive.length,
    safe: safe.length,
  };
}

export default async function main(): Promise<void> {
  const planner = await createPlanner({ parseTimeoutMs: 2_000 });
  const plannerFlags = (command: string) => {
    const plan = planner.plan(command);
    return plan.destructive || plan.category === 'destructive';
  };
  const naiveFlags = (command: string) => naive.some((p) => p.test(command));
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log('half      rows  destructive  safe   planner recall  false pos.   naive recall  false pos.');
  for (const [name, rows] of [
    ['tuning', tuningRows],
    ['frozen', frozenRows],
  ] as const) {
    const p = score(rows, plannerFlags);
    const n = score(rows, naiveFlags);
    const readOnly = rows.filter((r) => r.destructive && planner.plan(r.command).category === 'read-only').length;
    console.log(
      `${name.padEnd(8)} ${String(rows.length).padStart(5)} ${String(p.destructive).padStart(12)} ${String(p.safe).padStart(5)} ${pct(p.recall).padStart(16)} ${pct(p.falsePositives).padStart(11)} ${pct(n.recall).padStart(14)} ${pct(n.falsePositives).padStart(11)}   (destructive read as read-only: ${readOnly})`,
    );
  }
}
