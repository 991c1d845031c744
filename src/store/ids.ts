import { randomBytes } from 'node:crypto';

const ID_PATTERN = /^r[0-9a-z]{8,16}$/;

/** A short, sortable, unguessable record id such as `rmf3k2j1a9c1f`. */
export function newRecordId(now = Date.now()): string {
  return `r${now.toString(36)}${randomBytes(3).toString('hex')}`;
}

export function isRecordId(value: string): boolean {
  return ID_PATTERN.test(value);
}
