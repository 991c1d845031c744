export { createCheckpointStore } from './store.js';
export { DEFAULT_CHECKPOINT_EXCLUDES } from './excludes.js';
export type {
  CheckpointStore,
  CheckpointInfo,
  CheckpointEntry,
  CheckpointEntryType,
  CheckpointRef,
  CheckpointDiff,
  SaveOptions,
  RestoreOptions,
  DiffOptions,
  RestoreReport,
} from './types.js';
