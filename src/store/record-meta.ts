import type { RecordStore } from './record-store-types.js';

/** The file of a record's folder that holds its meta. */
export const META_FILE = 'meta.json';

/** What a record says about its run, stored as `meta.json` beside the streams. */
export type RecordMeta = Awaited<ReturnType<RecordStore['meta']>>;

/** The streams a record holds. */
export type RecordStream = 'stdout' | 'stderr' | 'trace';
