import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { estimateTokens, normalizeText } from '../../src/condense/index.js';
import { loadFixtures } from './fixtures.js';

describe('estimateTokens', () => {
  it('stays close to a real BPE tokenizer (gpt-tokenizer, o200k) on the fixtures', () => {
    const texts = loadFixtures()
      .flatMap((f) => [f.stdout, f.stderr])
      .map(normalizeText)
      .filter((t) => t.length >= 200);
    let estimated = 0;
    let real = 0;
    let worst = 0;
    let sumAbs = 0;
    let sumAbsBytes = 0;
    for (const text of texts) {
      const tokens = encode(text).length;
      const estimate = estimateTokens(text);
      const error = (estimate - tokens) / tokens;
      estimated += estimate;
      real += tokens;
      sumAbs += Math.abs(error);
      sumAbsBytes += Math.abs(text.length / 4 - tokens) / tokens;
      worst = Math.max(worst, Math.abs(error));
    }
    const pooled = (estimated - real) / real;
    const meanAbs = sumAbs / texts.length;
    console.log(
      `estimateTokens on ${texts.length} streams: pooled error ${(pooled * 100).toFixed(1)}%, mean |error| ${(meanAbs * 100).toFixed(1)}%, worst ${(worst * 100).toFixed(1)}% (bytes/4: mean |error| ${((sumAbsBytes / texts.length) * 100).toFixed(1)}%)`,
    );
    expect(Math.abs(pooled)).toBeLessThan(0.05);
    expect(meanAbs).toBeLessThan(0.1);
    expect(worst).toBeLessThan(0.3);
  });

  it.each([
    ['', 0],
    ['hello', 1],
    ['hello world', 2],
  ])('counts %j as %i tokens', (text, expected) => {
    expect(estimateTokens(text)).toBe(expected);
  });
});
