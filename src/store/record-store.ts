import { readFile, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { TershError } from '../errors.js';
import { invalid, optionalInteger, optionalOneOf, optionalString, readOptionsObject, requiredString } from '../validate.js';
import { linearRegExp } from '../linear-regexp.js';
import { numberedLines } from './detail.js';
import { RecordIndex, wasEvicted, type EvictionLimits } from './eviction.js';
import { PendingFinishes } from './pending-finishes.js';
import { isRecordId, newRecordId } from './ids.js';
import { readPage } from './read-stream.js';
import { META_FILE, type RecordMeta } from './record-meta.js';
import type { RecordInit, RecordStore } from './record-store-types.js';
import { RecordWriter } from './record-writer.js';
import { defaultStateDir, ensurePrivateDir } from './store-dir.js';
import { writerStamp } from './writer-liveness.js';

/** The store as tersh's own modules use it: `create` starts a record. Not public, so the store stays opaque. */
interface WritableRecordStore extends RecordStore {
  create(init: RecordInit): RecordWriter;
  /** Resolves once every record whose run has returned is on disk (a silent run's is written just after). */
  allFinished(): Promise<void>;
}

/** Starts a record in a store from {@link createRecordStore} (callers check the store with `isRecordStore` first). */
export function startRecord(store: RecordStore, init: RecordInit): RecordWriter {
  return (store as WritableRecordStore).create(init);
}

const SWEEP_EVERY_MS = 2_000;

/** Resolves once every record of `store` whose run has returned is on disk: nothing writes to it after that. */
export function recordsFinished(store: RecordStore): Promise<void> {
  return (store as WritableRecordStore).allFinished();
}

/**
 * The meta of record `id`, or undefined when the file is torn (its writer died mid-write) or names another record
 * (a reused folder whose new meta a power cut lost: spare-folders.ts): such a record is incomplete.
 */
function parseMeta(text: string, id: string): RecordMeta | undefined {
  try {
    const meta = JSON.parse(text) as RecordMeta;
    return typeof meta === 'object' && meta !== null && meta.id === id ? meta : undefined;
  } catch {
    return undefined;
  }
}
const DETAIL_MAX_BYTES = 8 * 1024 * 1024;
const storeBrand = Symbol.for('tersh.recordStore');

export function isRecordStore(value: unknown): value is RecordStore {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[storeBrand] === true;
}

/**
 * A disk-backed store of run records, addressable by id and surviving restarts of the host; `options` say where
 * records live and the caps that evict them.
 */
export function createRecordStore(
  options: {
    /** Folder of the records. @defaultValue `$TMPDIR/tersh-<uid>/records`, mode 0700 */
    dir?: string;
    /** Most records kept; the least recently used go first. @defaultValue 1000 */
    maxRecords?: number;
    /** Most bytes kept across records. @defaultValue 1 GiB */
    maxBytes?: number;
    /** A record unused for this long is dropped. @defaultValue 7 days */
    ttlMs?: number;
  } = {},
): RecordStore {
  const raw = readOptionsObject('options', options, ['dir', 'maxRecords', 'maxBytes', 'ttlMs']);
  const dir = optionalString('dir', raw.dir, { nonEmpty: true }) ?? defaultStateDir('records');
  const limits: EvictionLimits = {
    maxRecords: optionalInteger('maxRecords', raw.maxRecords, { min: 1 }) ?? 1000,
    maxBytes: optionalInteger('maxBytes', raw.maxBytes, { min: 1 }) ?? 1024 ** 3,
    ttlMs: optionalInteger('ttlMs', raw.ttlMs, { min: 1 }) ?? 7 * 24 * 3600 * 1000,
  };
  ensurePrivateDir(dir);
  const writers = new Map<string, RecordWriter>();
  const stamp = writerStamp();
  const index = new RecordIndex(dir, limits);
  const pending = new PendingFinishes();
  let lastSweep = 0;
  let sweeping: Promise<string[]> | undefined;

  const sweep = (): Promise<string[]> => {
    sweeping ??= index.sweep(new Set(writers.keys())).finally(() => {
      sweeping = undefined;
      lastSweep = Date.now();
    });
    return sweeping;
  };

  /** A sweep over a fresh reading of the folder, after any sweep in flight (which may predate what the caller saw). */
  /** The caps hold when a record is complete, not only at the next periodic sweep. */
  const enforceCaps = async (): Promise<void> => {
    await sweeping?.catch(() => undefined);
    if (index.exceedsCaps()) await sweep().catch(() => undefined);
  };

  const sweepAfresh = async (): Promise<string[]> => {
    await sweeping?.catch(() => undefined);
    index.invalidate();
    return sweep();
  };

  const checkId = (id: unknown): string => {
    const value = requiredString('id', id, { nonEmpty: true, maxLength: 64 });
    if (!isRecordId(value))
      throw new TershError('RECORD_NOT_FOUND', `No record with id "${value}" (not a record id)`, { details: { id: value } });
    return value;
  };

  const loadMeta = async (id: string): Promise<RecordMeta> => {
    await pending.settled(id);
    const live = writers.get(id);
    const path = join(dir, id, META_FILE);
    try {
      const meta = parseMeta(await readFile(path, 'utf8'), id);
      if (!meta) throw Object.assign(new Error('torn meta.json'), { code: 'ENOENT' });
      const age = Date.now() - (await stat(path)).mtimeMs;
      if (!live && meta.state === 'complete' && age > limits.ttlMs) {
        await sweep();
        throw new TershError('RECORD_EXPIRED', `Record ${id} has expired (unused for over ${limits.ttlMs} ms)`, {
          details: { id },
        });
      }
      if (!live) {
        index.noteUsed(id);
        await utimes(path, new Date(), new Date()).catch(() => undefined);
      }
      return meta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (live) return { id, command: '', cwd: '', startedAt: '', state: 'running' };
      const refusal = pending.refusal(id);
      if (refusal) throw new TershError('RECORD_NOT_FOUND', `No record ${id}: ${refusal}`, { details: { id, dir } });
      if (await wasEvicted(dir, id))
        throw new TershError('RECORD_EXPIRED', `Record ${id} was evicted by the store's caps`, { details: { id } });
      const exists = await stat(join(dir, id)).catch(() => undefined);
      const why = exists ? 'its run never finished writing it (the host stopped mid-run)' : 'no such record in this store';
      throw new TershError('RECORD_NOT_FOUND', `No complete record ${id}: ${why}`, { details: { id, dir } });
    }
  };

  const store: WritableRecordStore & { [storeBrand]: true } = {
    [storeBrand]: true,
    dir,
    create(init) {
      const id = newRecordId();
      const writer = new RecordWriter(
        dir,
        Object.assign({}, init, { id, startedAt: new Date().toISOString(), state: 'running' as const }),
        { stamp, freeSpace: sweepAfresh, spares: index.spares },
      );
      writers.set(id, writer);
      const forget = (): void => void writers.delete(id);
      const finish = writer.finish.bind(writer);
      const finishAndSweep = async (facts: Partial<RecordMeta>): Promise<RecordMeta> => {
        try {
          const meta = await finish(facts);
          if (writer.stored) index.noteFinished(id, writer.stdout.bytesWritten + writer.stderr.bytesWritten, writer.isMetaOnly);
          forget();
          await enforceCaps();
          return meta;
        } finally {
          forget();
          if (Date.now() - lastSweep > SWEEP_EVERY_MS) void sweep().catch(() => undefined);
        }
      };
      const finishTracked = (facts: Partial<RecordMeta>): Promise<RecordMeta> => {
        const wasEmpty = writer.isEmpty;
        const finishing = finishAndSweep(facts);
        pending.track(writer, facts, finishing, wasEmpty);
        return finishing;
      };
      const finishLater = (facts: Partial<RecordMeta>): void => {
        const finishing = new Promise((resolve) => setTimeout(resolve, 0)).then(() => finishAndSweep(facts));
        pending.track(writer, facts, finishing, writer.isEmpty);
      };
      // Assigned from names, not as literals: V8 allocates a function literal assigned to a property in its old
      // generation (docs/style.md), where it would keep this run's objects through every young collection.
      writer.finish = finishTracked;
      writer.finishLater = finishLater;
      return writer;
    },
    allFinished: () => pending.all(),
    async meta(id) {
      return loadMeta(checkId(id));
    },
    async detail(id, options = {}) {
      const recordId = checkId(id);
      const opts = readOptionsObject('options', options, ['selector', 'match', 'maxBytes', 'fromLine', 'toLine']);
      const selector = optionalOneOf('selector', opts.selector, ['stdout', 'stderr', 'meta', 'trace'] as const) ?? 'stdout';
      const match = linearRegExp('match', opts.match);
      const maxBytes = optionalInteger('maxBytes', opts.maxBytes, { min: 16 }) ?? DETAIL_MAX_BYTES;
      const fromLine = optionalInteger('fromLine', opts.fromLine, { min: 1 });
      const toLine = optionalInteger('toLine', opts.toLine, { min: 1 });
      if (fromLine !== undefined && toLine !== undefined && toLine < fromLine)
        throw invalid('toLine', `a line number ≥ fromLine (${fromLine})`, toLine);
      const numbered = match !== undefined || fromLine !== undefined || toLine !== undefined;
      if (selector === 'meta' && numbered)
        throw invalid('selector', 'stdout, stderr or trace when `match`, `fromLine` or `toLine` is given', selector);
      const meta = await loadMeta(recordId);
      if (selector === 'meta') return JSON.stringify(meta, null, 2);
      await writers.get(recordId)?.flush();
      const path = join(dir, recordId, selector);
      if (numbered)
        return numberedLines(
          path,
          { ...(match ? { pattern: match } : {}), ...(fromLine ? { fromLine } : {}), ...(toLine ? { toLine } : {}) },
          maxBytes,
        );
      const page = await readPage(path, 0, maxBytes, meta.state === 'complete');
      if (page.nextOffset < ((await stat(path).catch(() => undefined))?.size ?? 0)) {
        return `${page.data}\n[… output continues past byte ${page.nextOffset}; read("${recordId}", "${selector}", { offset: ${page.nextOffset} }) pages on]`;
      }
      return page.data;
    },
    async read(id, stream, options = {}) {
      const recordId = checkId(id);
      const which = optionalOneOf('stream', stream, ['stdout', 'stderr', 'trace'] as const) ?? 'stdout';
      const opts = readOptionsObject('options', options, ['offset', 'maxBytes']);
      const offset = optionalInteger('offset', opts.offset) ?? 0;
      const maxBytes = optionalInteger('maxBytes', opts.maxBytes, { min: 16, max: 64 * 1024 * 1024 }) ?? 64 * 1024;
      let meta: RecordMeta;
      try {
        meta = await loadMeta(recordId);
      } catch (error) {
        if (error instanceof TershError && error.code === 'RECORD_EXPIRED') return { expired: true };
        throw error;
      }
      const live = writers.get(recordId);
      await live?.flush();
      return readPage(join(dir, recordId, which), offset, maxBytes, !live && meta.state === 'complete');
    },
    sweep: sweepAfresh,
  };
  return store;
}
