import { createRecordStore, type RecordStore } from '../store/index.js';

let shared: RecordStore | undefined;

/** The store used when a run names none: one per process, in `$TMPDIR/tersh-<uid>/records`. */
export function defaultRecordStore(): RecordStore {
  shared ??= createRecordStore();
  return shared;
}
