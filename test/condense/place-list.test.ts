import { describe, expect, it } from 'vitest';
import { condense, estimateTokens } from '../../src/condense/index.js';
import { placeOf } from '../../src/condense/locations.js';
import type { Place } from '../../src/condense/locations.js';
import { listPlaces } from '../../src/condense/place-list.js';

/** Reads a marker's place list back: file → every line it names (first place, `to line n`, `also lines a,b–c`). */
function namedLines(list: string): Map<string, Set<number>> {
  const named = new Map<string, Set<number>>();
  for (const entry of list.split('; ')) {
    const match = /^(.+?)(?::(\d+)(?::\d+)?|\((\d+)(?:,\d+)?\))(?: to line (\d+))?(?:, also lines? ([\d,–]+))?$/.exec(entry);
    if (match === null) throw new Error(`not a place entry: ${entry}`);
    const [, file, colonLine, parenLine, runEnd, others] = match as unknown as (string | undefined)[];
    const lines = new Set<number>();
    const first = Number(colonLine ?? parenLine);
    for (let line = first; line <= Number(runEnd ?? first); line++) lines.add(line);
    for (const part of (others ?? '').split(',').filter((text) => text !== '')) {
      const [from, to] = part.split('–').map(Number) as [number, number | undefined];
      for (let line = from; line <= (to ?? from); line++) lines.add(line);
    }
    named.set(file as string, lines);
  }
  return named;
}

/** Findings spread over files the way a linter prints them: scattered lines, some twice (two columns), some in runs. */
function findings(files: number, perFile: number): Place[] {
  const places: Place[] = [];
  for (let f = 0; f < files; f++)
    for (let k = 0; k < perFile; k++) {
      const line = f + (k % 5 === 4 ? 7 * (k - 1) + 3 : 7 * k + 3);
      places.push(placeOf(`pkg/sub/module_${f}.py:${line}:${(k * 13) % 80}: W0612 unused`) as Place);
    }
  return places;
}

describe('a fold marker names the places it hides compactly and exactly', () => {
  it('names every line holding a hidden failure, file by file, each file once', () => {
    const places = findings(12, 40);
    const named = namedLines(listPlaces(places));
    const expected = new Map<string, Set<number>>();
    for (const place of places) {
      const lines = expected.get(place.file) ?? new Set<number>();
      lines.add(Number(/\d+/.exec(place.at)?.[0]));
      expected.set(place.file, lines);
    }
    expect(named).toEqual(expected);
  });

  it('costs well under the places written with their columns, each file once', () => {
    const places = findings(12, 40);
    const byFile = new Map<string, string[]>();
    for (const place of places) byFile.set(place.file, [...(byFile.get(place.file) ?? []), place.at]);
    const withColumns = [...byFile].map(([file, ats]) => file + ats.join(', ')).join('; ');
    expect(estimateTokens(listPlaces(places))).toBeLessThan(estimateTokens(withColumns) * 0.65);
  });

  it('writes the first place of each file whole, as the tool printed it', () => {
    const places = ['src/b.ts(40,2)', 'src/b.ts(12,9)', 'src/a.c:7:3', 'src/a.c:8:1', 'src/a.c:9:4', 'src/a.c:30:1'].map(
      (text) => placeOf(text) as Place,
    );
    expect(listPlaces(places)).toBe('src/a.c:7:3 to line 9, also line 30; src/b.ts(40,2), also line 12');
  });

  it('counts the places past what a marker lists, so that listed and counted make the whole', () => {
    const places = findings(100, 30);
    const list = listPlaces(places);
    const more = /; … (\d+) more$/.exec(list);
    expect(more).not.toBeNull();
    const listed = list.slice(0, more?.index).split('; ');
    const listedPlaces = places.filter((place) => listed.some((entry) => entry.startsWith(`${place.file}:`)));
    expect(listedPlaces.length + Number(more?.[1])).toBe(places.length);
    expect(list.length).toBeLessThan(4100);
  });

  it('in a view: a flood of one warning at 600 places is named line by line in its marker within the view', () => {
    const stdout = Array.from(
      { length: 600 },
      (_, i) => `lib/file${Math.floor(i / 100)}.py:${3 * (i % 100) + 1}:${i % 7}: W0611 unused import (unused-import)`,
    ).join('\n');
    const result = condense({ command: 'lint', stdout, exitCode: 1 }, { recordId: 'r_1' });
    const marker = result.stdout.split('\n').find((line) => line.includes(' more like the line above') && line.includes(', at '));
    const list = (/, at (.+?); detail\(/.exec(marker ?? '') ?? [])[1] ?? '';
    const named = namedLines(list);
    const shown = new Set(result.stdout.split('\n'));
    for (const line of stdout.split('\n')) {
      if (shown.has(line)) continue;
      const place = placeOf(line) as Place;
      expect(named.get(place.file)?.has(Number(/\d+/.exec(place.at)?.[0]))).toBe(true);
    }
    expect(named.size).toBeGreaterThan(0);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 2);
  });
});
