import { invalid, optionalInteger, optionalStringArray, readOptionsObject, requiredString } from '../validate.js';
import { DEFAULT_CHECKPOINT_EXCLUDES } from './excludes.js';
import type { CheckpointRef, RestoreOptions, SaveOptions } from './types.js';

export const DEFAULT_MAX_BYTES = 2 * 1024 ** 3;
export const DEFAULT_MAX_FILES = 200_000;
export const DEFAULT_MAX_UNDO_CHECKPOINTS = 10;

export interface NormalizedSave {
  exclude: string[];
  maxBytes: number;
  maxFiles: number;
}

export function normalizeSaveOptions(options: SaveOptions | undefined): NormalizedSave {
  const raw = readOptionsObject('options', options, ['exclude', 'maxBytes', 'maxFiles']);
  return {
    exclude: optionalStringArray('exclude', raw.exclude) ?? [...DEFAULT_CHECKPOINT_EXCLUDES],
    maxBytes: optionalInteger('maxBytes', raw.maxBytes, { min: 1 }) ?? DEFAULT_MAX_BYTES,
    maxFiles: optionalInteger('maxFiles', raw.maxFiles, { min: 1 }) ?? DEFAULT_MAX_FILES,
  };
}

export interface NormalizedTarget {
  origin: string;
  target: string;
}

/** `origin` and `target` default to each other; at least one is required. */
export function normalizeTargetOptions(options: RestoreOptions | undefined): NormalizedTarget {
  const raw = readOptionsObject('options', options, ['origin', 'target']);
  const origin = raw.origin === undefined ? undefined : requiredString('origin', raw.origin, { nonEmpty: true });
  const target = raw.target === undefined ? undefined : requiredString('target', raw.target, { nonEmpty: true });
  const either = origin ?? target;
  if (either === undefined) throw invalid('origin', 'a folder path (or give `target`)', raw.origin);
  return { origin: either, target: target ?? either };
}

export function normalizeRef(options: CheckpointRef | undefined): string {
  const raw = readOptionsObject('options', options, ['origin']);
  return requiredString('origin', raw.origin, { nonEmpty: true });
}
