// A fast token estimator for BPE tokenizers of the GPT-4o family (o200k), one pass over char codes.
// Validated in test/condense/tokens.test.ts against gpt-tokenizer on the fixtures.

const LETTER = 1;
const DIGIT = 2;
const SPACE = 3;
const PUNCT = 4;
const NEWLINE = 5;
const OTHER = 6;

const ASCII_CLASS = new Uint8Array(128).map((_, code) => {
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return LETTER;
  if (code >= 48 && code <= 57) return DIGIT;
  if (code === 32 || code === 9) return SPACE;
  if (code === 10) return NEWLINE;
  return PUNCT;
});

function classOf(code: number): number {
  return code < 128 ? (ASCII_CLASS[code] as number) : OTHER;
}

/**
 * Estimates how many tokens a text costs a GPT-4o-class model, without tokenizing.
 * Typically within ±10% of the real count on build, test and log output.
 * @public
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const code = text.charCodeAt(i);
    const kind = classOf(code);
    let j = i + 1;
    if (kind === LETTER) {
      while (j < n && classOf(text.charCodeAt(j)) === LETTER) j++;
      tokens += 1 + Math.floor((j - i - 1) / LETTER_CHARS);
    } else if (kind === DIGIT) {
      while (j < n && classOf(text.charCodeAt(j)) === DIGIT) j++;
      tokens += Math.ceil((j - i) / 3);
    } else if (kind === SPACE) {
      while (j < n && classOf(text.charCodeAt(j)) === SPACE) j++;
      if (j - i > 1) tokens += 1;
    } else if (kind === NEWLINE) {
      while (j < n && text.charCodeAt(j) === 10) j++;
      tokens += 1;
    } else if (kind === PUNCT) {
      while (j < n && text.charCodeAt(j) === code) j++;
      tokens += 1 + Math.floor((j - i - 1) / 8);
      const next = j < n ? classOf(text.charCodeAt(j)) : 0;
      if (next === PUNCT) tokens -= PUNCT_MERGE;
      else if (next === LETTER && j - i === 1) tokens -= PREFIX_MERGE;
    } else {
      tokens += 1;
    }
    i = j;
  }
  return Math.round(tokens);
}

const LETTER_CHARS = 7;
const PREFIX_MERGE = 0.5;
const PUNCT_MERGE = 0.5;

const SAMPLE_CHARS = 256 * 1024;

/** {@link estimateTokens} for texts of any size: beyond 1 MB, extrapolated from three 256 KB samples (start, middle, end). */
export function estimateTokensSampled(text: string): number {
  if (text.length <= 4 * SAMPLE_CHARS) return estimateTokens(text);
  const middle = Math.floor(text.length / 2 - SAMPLE_CHARS / 2);
  const sampled = estimateTokens(text.slice(0, SAMPLE_CHARS)) + estimateTokens(text.slice(middle, middle + SAMPLE_CHARS)) + estimateTokens(text.slice(-SAMPLE_CHARS));
  return Math.round((sampled * text.length) / (3 * SAMPLE_CHARS));
}
