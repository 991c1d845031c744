// An outsider's labelled command set, built from the programs' own documentation (see each file's header),
// split once and for all into a tuning half and a frozen half by a hash of the command.
import { localTools } from './local-tools.js';
import type { DocumentedRow, ProgramForms } from './row.js';
import { systemTools } from './system-tools.js';
import { vendorClis } from './vendor-clis.js';

export type { DocumentedRow } from './row.js';

const categories = { d: 'destructive', m: 'mutating', n: 'network', r: 'read-only' } as const;

function expand(programs: readonly ProgramForms[]): DocumentedRow[] {
  const rows: DocumentedRow[] = [];
  const seen = new Set<string>();
  for (const { program, operands, forms } of programs) {
    for (const form of forms) {
      const letter = form[0] as keyof typeof categories;
      const template = form.slice(2);
      for (const operand of operands) {
        const command = template.replaceAll('@@', operand);
        if (seen.has(command)) continue;
        seen.add(command);
        rows.push({ program, command, destructive: letter === 'd', category: categories[letter] });
      }
    }
  }
  return rows;
}

/** FNV-1a: a stable hash, so the split never depends on the order of the rows. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export const documentedRows: readonly DocumentedRow[] = expand([...localTools, ...systemTools, ...vendorClis]);
/** Rules may be tuned on these rows. */
export const tuningRows: readonly DocumentedRow[] = documentedRows.filter((row) => fnv1a(row.command) % 2 === 0);
/** Reported only as totals (bench/plan-frozen.bench.ts); not to be read row by row. */
export const frozenRows: readonly DocumentedRow[] = documentedRows.filter((row) => fnv1a(row.command) % 2 === 1);
