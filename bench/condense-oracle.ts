// The oracle view of a labelled output: exactly its must-keep texts (a line holding one shows that text; a label that is
// part of a line, a file name in a diff, shows only that part), and one exact gap marker (the condenser's own, with the
// record's detail call on each stream's first) for every run of other lines, or those lines where they cost no more
// than their marker. No view keeping every must-keep text can be much smaller: its reduction is the ceiling at 100%
// recall.
import { encode } from 'gpt-tokenizer';
import { normalizeLines } from '../src/condense/normalize.js';
import { gapMarker } from '../src/condense/markers.js';
import type { Fixture } from '../test/condense/fixtures.js';

/** For each stream, the must-keep texts of each line holding some (their first occurrence over stdout then stderr); '' for a line kept whole. */
function mustKeepLines(streams: readonly (readonly string[])[], mustKeep: readonly string[]): Map<number, string[]>[] {
  const kept = streams.map(() => new Map<number, string[]>());
  for (const wanted of mustKeep) {
    let found = false;
    for (let s = 0; s < streams.length && !found; s++) {
      const lines = streams[s] as readonly string[];
      const at = lines.findIndex((line) => line.includes(wanted));
      if (at >= 0) {
        const texts = (kept[s] as Map<number, string[]>).get(at) ?? [];
        (kept[s] as Map<number, string[]>).set(at, [...texts, wanted]);
        found = true;
      }
    }
    // a text spanning lines: every line it touches
    for (let s = 0; s < streams.length && !found; s++) {
      const lines = streams[s] as readonly string[];
      const offset = lines.join('\n').indexOf(wanted);
      if (offset < 0) continue;
      let start = 0;
      for (let i = 0; i < lines.length; i++) {
        const end = start + (lines[i] as string).length;
        if (end >= offset && start <= offset + wanted.length) (kept[s] as Map<number, string[]>).set(i, ['']);
        start = end + 1;
      }
      found = true;
    }
  }
  return kept;
}

/** A kept line as the oracle shows it: its must-keep texts in the order they stand, or the whole line when no shorter. */
function shown(line: string, texts: readonly string[]): string {
  if (texts.includes('')) return line;
  const parts = [...texts].sort((a, b) => line.indexOf(a) - line.indexOf(b)).join(' … ');
  return parts.length < line.length ? parts : line;
}

function oracleStream(lines: readonly string[], kept: Map<number, string[]>, stream: 'stdout' | 'stderr'): string {
  const out: string[] = [];
  let hinted = false;
  let i = 0;
  while (i < lines.length) {
    const texts = kept.get(i);
    if (texts !== undefined) {
      out.push(shown(lines[i] as string, texts));
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && !kept.has(j)) j++;
    const gap = lines.slice(i, j);
    const marker = gapMarker({ recordId: 'r_bench', stream }, i + 1, j, !hinted);
    if (encode(gap.join('\n')).length <= encode(marker).length) out.push(...gap);
    else {
      out.push(marker);
      hinted = true;
    }
    i = j;
  }
  return out.join('\n');
}

/** The oracle view of both streams, joined as the bench joins the condensed ones; the raw text when that is smaller. */
export function oracleView(f: Fixture): string {
  const streams = [normalizeLines(f.stdout), normalizeLines(f.stderr)];
  const kept = mustKeepLines(streams, f.mustKeep);
  const view = `${oracleStream(streams[0] as string[], kept[0] as Map<number, string[]>, 'stdout')}\n${oracleStream(streams[1] as string[], kept[1] as Map<number, string[]>, 'stderr')}`;
  const raw = `${f.stdout}\n${f.stderr}`;
  return encode(view).length < encode(raw).length ? view : raw;
}
