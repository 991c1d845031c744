import type { RecordStore } from './record-store-types.js';

/** What a record says about its run, stored as `meta.json` beside the streams. */
export type RecordMeta = Awaited<ReturnType<RecordStore['meta']>>;

/** The streams a record holds. */
export type RecordStream = 'stdout' | 'stderr' | 'trace';
