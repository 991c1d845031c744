import { describe, expect, it } from 'vitest';
import { makeTesters, scannedPart } from '../../src/condense/classify.js';
import { candidateFinder } from '../../src/condense/line-candidates.js';
import { settleLine } from '../../src/condense/normalize.js';
import { defaultRecognisers } from '../../src/condense/recognisers/index.js';
import { prefixLiterals, requiredLiterals } from '../../src/condense/required-literals.js';
import { loadFixtures, outsiderDir } from './fixtures.js';

describe('the literals a pattern cannot match without', () => {
  it('reads them from alternatives, classes, groups and quantifiers', () => {
    expect(requiredLiterals('\\b(?:error|warning)\\b', '')).toEqual(['error', 'warning']);
    expect(requiredLiterals('^\\d+ upgraded, \\d+ newly installed', '')).toEqual([' newly installed']);
    expect(requiredLiterals('[Ee]rror:', '')).toEqual(['Error:', 'error:']);
    expect(requiredLiterals('=+ .*(?:passed|errors?)', '')).toEqual(['passed', 'error']);
    expect(prefixLiterals('(?:FAIL|ok)\\s+\\S+', '')).toEqual(['FAIL', 'ok']);
  });

  it('gives none where a match may hold no fixed text', () => {
    expect(requiredLiterals('\\d+\\s+\\w+', '')).toBeUndefined();
    expect(requiredLiterals('(?:error|\\d+)', '')).toBeUndefined();
    expect(requiredLiterals('x?y*', '')).toBeUndefined();
    expect(requiredLiterals('\\p{L}+', 'u')).toBeUndefined();
  });
});

describe('finding candidate lines over bytes', () => {
  const fixtures = [...loadFixtures(), ...loadFixtures(outsiderDir)];
  const streams = fixtures.flatMap((f) => [f.stdout, f.stderr]).filter((s) => s.length > 0);
  const recognisers = [undefined, ...defaultRecognisers];

  it('names every line the notable test takes, on every real output and for every recogniser', () => {
    let checked = 0;
    for (const recogniser of recognisers) {
      // the testers condense uses: the generic signals on both streams unless the stdout is data
      for (const generic of recogniser?.overview !== undefined && recogniser.overview !== 'log' ? [true, false] : [true]) {
        const testers = makeTesters(recogniser, generic);
        expect(testers.notableCandidates).toBeDefined();
        for (const stream of streams) {
          const bytes = Buffer.from(stream.endsWith('\n') ? stream : `${stream}\n`, 'utf8');
          const candidates = new Set(
            (testers.notableCandidates as NonNullable<typeof testers.notableCandidates>)(bytes, 0, bytes.length),
          );
          let at = 0;
          for (const raw of stream.split('\n').slice(0, stream.endsWith('\n') ? -1 : undefined)) {
            const line = settleLine(raw);
            if (line.length > 0 && testers.notable.test(scannedPart(line))) {
              expect(candidates.has(at), `${recogniser?.name}: ${line.slice(0, 120)}`).toBe(true);
              checked++;
            }
            at += Buffer.byteLength(raw, 'utf8') + 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  }, 120_000);

  it('takes few of the ordinary lines', () => {
    const find = makeTesters(undefined).notableCandidates as NonNullable<ReturnType<typeof makeTesters>['notableCandidates']>;
    const text = Buffer.from(
      Array.from(
        { length: 20_000 },
        (_, i) => `gcc -O2 -Wall -c src/module_${i}.c -o build/module_${i}.o  ✓ test ${i} passes`,
      ).join('\n') + '\n',
    );
    expect(find(text, 0, text.length)).toEqual([]);
  });

  it('cannot tell for a pattern without a literal, and then says so', () => {
    expect(candidateFinder([/\d+\w*/])).toBeUndefined();
  });
});

describe('short literals that differ only in their first byte', () => {
  it('finds `<digit>: ` lines by one search for `: `, the byte before it checked, and nothing else', () => {
    const find = candidateFinder([/^[^\s:]+:\d+:\d*[0-9]: [A-Z]{1,3}\d{3,4}\b/])!;
    const lines = [
      'make[2]: Entering directory',
      'x.py:3:17: E501 line too long',
      'seq 12345',
      'libtool: compile',
      'a.py:1:0: W0611',
    ];
    const bytes = Buffer.from(`${lines.join('\n')}\n`, 'latin1');
    const starts = find(bytes, 0, bytes.length).map((at) => bytes.toString('latin1', at, bytes.indexOf(10, at)));
    expect(starts).toEqual(['x.py:3:17: E501 line too long', 'a.py:1:0: W0611']);
  });
});
