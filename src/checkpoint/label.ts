import { createHash } from 'node:crypto';
import { invalid } from '../validate.js';

export const MAX_LABEL_LENGTH = 100;

/** A label names a folder inside the store, so it may hold no separators, no `..` and nothing unprintable. */
export function validateLabel(value: unknown, field = 'label'): string {
  const ok =
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_LABEL_LENGTH &&
    !/[/\\]/.test(value) &&
    !value.includes('..') &&
    value !== '.' &&
    !/\p{C}/u.test(value) &&
    value.trim() === value;
  if (!ok) {
    throw invalid(
      field,
      `a label of 1 to ${MAX_LABEL_LENGTH} printable characters without \`/\`, \`\\\`, \`..\` or surrounding spaces`,
      value,
    );
  }
  return value;
}

/** Folder name of a label: the label itself when plainly safe, else a digest (never starting like a plain one). */
export function labelKey(label: string): string {
  if (/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(label)) return label;
  return `~${createHash('sha256').update(label).digest('hex').slice(0, 40)}`;
}
