export { createRecordStore, isRecordStore, recordsFinished, startRecord } from './record-store.js';
export type { RecordStore, DetailOptions, DetailSelector, ReadOptions, RecordInit } from './record-store-types.js';
export type { RecordMeta, RecordStream } from './record-meta.js';
export type { ReadPage, ExpiredRead } from './record-store-types.js';
export { RecordWriter } from './record-writer.js';
export type { RecordWriterOptions } from './record-writer.js';
export { StreamFile } from './stream-file.js';
export { StreamReader } from './stream-reader.js';
export { defaultStateDir, ensurePrivateDir } from './store-dir.js';
