import { randomInt } from 'node:crypto';

/** Older stores hold base-36 ids (`rmf3k2j1a9c1f`); they stay addressable. */
const ID_PATTERN = /^r[0-9a-z]{8,24}$/;
const RANDOM_DIGITS = 8;

/**
 * A sortable, unguessable record id such as `r176459520331204918377`: the creation time in milliseconds
 * (13 digits until the year 2286), then 8 random digits. Digits only, because a BPE tokenizer reads them
 * three to a token: 8 o200k tokens every time, where a base-36 id of the same entropy costs 8 to 15.
 */
export function newRecordId(now = Date.now()): string {
  return `r${now}${String(randomInt(10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}

export function isRecordId(value: string): boolean {
  return ID_PATTERN.test(value);
}
