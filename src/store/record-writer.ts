import { mkdir, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeSmallFile } from './small-write.js';
import { rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { StreamFile } from './stream-file.js';
import { META_FILE, type RecordMeta } from './record-meta.js';
import { WRITER_FILE, writerStamp } from './writer-liveness.js';
import type { SpareFolders } from './spare-folders.js';

export interface RecordWriterOptions {
  /** Names the writing process (`<pid> <start time>`), so another process can tell a dead writer's record from a live one. @defaultValue this process */
  stamp?: string;
  /** Called when the disk is full (ENOSPC, EDQUOT), before the meta is written: the store frees what its caps allow. */
  freeSpace?: () => Promise<unknown>;
  /** The store's spare folders (evicted silent records'), one of which takes an empty record's meta (spare-folders.ts). */
  spares?: Pick<SpareFolders, 'take' | 'fill'>;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

function isDiskFull(error: unknown): boolean {
  return DISK_FULL.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

/**
 * The writing side of one record: two stream files, a trace path, and `meta.json`, which is written
 * once, in one write, only after every byte of the streams is on disk. It never throws for the disk:
 * a record the disk refused says so in the meta `finish` returns (`recordError`, `recordMissingBytes`).
 * The folder is made when something is first written into it (a stream's first batch, a trace), else by `finish`
 * beside the meta: nothing of the record's disk work comes before its process starts.
 */
export class RecordWriter {
  readonly id: string;
  readonly dir: string;
  readonly stdout: StreamFile;
  readonly stderr: StreamFile;
  /** Where a tracer writes its raw trace for this record. */
  readonly tracePath: string;
  /** False once the disk refused the record's meta: the record was removed, and `finish` said so. */
  stored = true;
  private ready: Promise<void> | undefined;
  /** `finish` made the folder: nothing else (no stream, no trace, no writer mark) was written into it. */
  private madeByFinish = false;
  private readonly stamp: string;
  private readonly freeSpace: () => Promise<unknown>;
  private readonly spares: Pick<SpareFolders, 'take' | 'fill'> | undefined;
  private meta: RecordMeta;

  constructor(storeDir: string, meta: RecordMeta, options: RecordWriterOptions = {}) {
    this.id = meta.id;
    this.dir = join(storeDir, meta.id);
    this.meta = meta;
    this.tracePath = join(this.dir, 'trace');
    this.freeSpace = options.freeSpace ?? (() => Promise.resolve());
    this.spares = options.spares;
    this.stamp = options.stamp ?? writerStamp();
    const folder = (): Promise<void> => this.whenReady();
    this.stdout = new StreamFile(join(this.dir, 'stdout'), folder);
    this.stderr = new StreamFile(join(this.dir, 'stderr'), folder);
  }

  /** Makes the record's folder, marked with its writer, once; resolves when it exists (the trace may be written then). */
  whenReady(): Promise<void> {
    if (!this.ready) {
      this.ready = new Promise((resolve, reject) =>
        mkdir(this.dir, { recursive: true, mode: 0o700 }, (error) => {
          if (error) return reject(error);
          markWriter(this.dir, this.stamp);
          resolve();
        }),
      );
      this.ready.catch(() => undefined);
    }
    return this.ready;
  }

  /**
   * Nothing of the record is on disk or waiting to be (no output, no trace, no folder): its folder and meta are all
   * that `finish` writes, so a caller may return its run's result before they are on disk (the store makes readers
   * of the id wait for them, and writes them synchronously if the host exits first: `finishSync`).
   */
  get isEmpty(): boolean {
    return (
      this.ready === undefined && [this.stdout, this.stderr].every((s) => s.bytesWritten + s.pendingBytes + s.bytesDropped === 0)
    );
  }

  /**
   * `finish` for an empty record (see `isEmpty`) whose caller does not wait: started in a later turn of the loop
   * (the thread-pool dispatch of its mkdir and the worker it wakes cost the loop 0.25 ms here; in the same turn
   * as the caller's next run, the loop's p99 delay doubled). A store's records wait for it on every read of their id.
   */
  finishLater(facts: Partial<RecordMeta>): void {
    setTimeout(() => void this.finish(facts), 0);
  }

  /** An empty record's folder and meta, synchronously: the host is exiting before `finish` got them on disk. */
  finishSync(facts: Partial<RecordMeta>): void {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(join(this.dir, META_FILE), JSON.stringify(this.completed(facts)), { mode: 0o600 });
    } catch {
      // the disk refused it: the record reads as never finished
    }
  }

  /** The folder holds `meta.json` alone once finished: made by `finish`, with no stream bytes (a silent run's). */
  get isMetaOnly(): boolean {
    return this.madeByFinish && [this.stdout, this.stderr].every((s) => s.bytesWritten + s.bytesDropped === 0);
  }

  /** Resolves once every byte appended so far is on disk. */
  async flush(): Promise<void> {
    await Promise.all([this.stdout.flush(), this.stderr.flush()]);
  }

  async finish(facts: Partial<RecordMeta>): Promise<RecordMeta> {
    const spare = this.isEmpty ? this.spares?.take() : undefined;
    if (spare !== undefined) {
      const meta = await this.finishInSpare(spare, facts);
      if (meta) return meta;
    }
    // Nothing was written: the folder is made here, and needs no writer mark since the meta follows at once.
    // Through the thread pool, as the meta: on a busy disk a mkdir blocked the event loop 0.7 ms (median) here.
    if (!this.ready) {
      this.madeByFinish = true;
      this.ready = makeFolder(this.dir);
    }
    const folderError = await this.ready.then(
      () => undefined,
      (error: Error) => error,
    );
    await Promise.all([this.stdout.close(), this.stderr.close()]);
    this.meta = this.completed(facts);
    // A stream the disk refused (full, gone) is said in the meta rather than read as whole.
    const failed = (['stdout', 'stderr'] as const).filter((name) => this[name].error);
    if (failed.length > 0) this.meta.writeErrors = failed.map((name) => `${name}: ${this[name].error!.message}`);
    const dropped = this.stdout.bytesDropped + this.stderr.bytesDropped;
    const firstError = folderError ?? this.stdout.error ?? this.stderr.error;
    if (dropped > 0 && firstError) {
      this.meta.recordError = `The disk refused part of the output (${firstError.message}): the record lacks ${dropped} of its ${dropped + this.stdout.bytesWritten + this.stderr.bytesWritten} bytes.`;
      this.meta.recordMissingBytes = dropped;
    }
    if (folderError) return this.unstored(folderError);
    if ([this.stdout.error, this.stderr.error].some(isDiskFull)) await this.freeSpace().catch(() => undefined);
    let metaError = await this.writeMeta();
    if (isDiskFull(metaError)) {
      await this.freeSpace().catch(() => undefined);
      metaError = await this.writeMeta();
    }
    return metaError ? this.unstored(metaError) : this.meta;
  }

  private completed(facts: Partial<RecordMeta>): RecordMeta {
    // Object.assign, not spreads followed by properties (a slow path in Node 20's V8: docs/run.md, the fifth round).
    return Object.assign({}, this.meta, facts, {
      stdoutBytes: this.stdout.bytesWritten,
      stderrBytes: this.stderr.bytesWritten,
      state: 'complete' as const,
      endedAt: new Date().toISOString(),
    });
  }

  /**
   * An empty record's meta written into a spare folder, which then takes the record's name; undefined when either
   * step fails (the spare is removed, and the record made anew). Set as `ready`, so a reader's flush waits for it.
   */
  private async finishInSpare(spare: string, facts: Partial<RecordMeta>): Promise<RecordMeta | undefined> {
    const meta = this.completed(facts);
    const moved = this.spares!.fill(spare, JSON.stringify(meta), this.dir);
    this.ready = moved.catch(() => undefined);
    try {
      await moved;
    } catch {
      await rm(spare, { recursive: true, force: true }).catch(() => undefined);
      this.ready = undefined;
      return undefined;
    }
    this.madeByFinish = true;
    this.meta = meta;
    return meta;
  }

  /** The meta could not be written: the streams without it would never read as complete, so they go, freeing their space. */
  private unstored(error: Error): RecordMeta {
    this.stored = false;
    const total = this.stdout.bytesWritten + this.stderr.bytesWritten + this.stdout.bytesDropped + this.stderr.bytesDropped;
    try {
      rmSync(this.dir, { recursive: true, force: true });
    } catch {
      // what is left has no meta: a dead writer's record, evicted first by the next sweep
    }
    return {
      ...this.meta,
      recordError: `The record could not be written (${error.message}): detail() and read() have none of its ${total} output bytes.`,
      recordMissingBytes: total,
    };
  }

  /** The error, or undefined once written. */
  private async writeMeta(): Promise<Error | undefined> {
    const path = join(this.dir, META_FILE);
    // One write of a few hundred bytes, off the event loop (a synchronous one blocked it 1 ms, median, on a busy
    // disk here; a temp file + rename costs ~450 µs more on ext4). A write torn by a crash leaves invalid JSON, which
    // readers treat as an incomplete record, so the meta still never reads as complete before every byte is on disk.
    try {
      await writeSmallFile(path, JSON.stringify(this.meta), 'w');
      return undefined;
    } catch (error) {
      // A refused write leaves an empty or partial file behind: remove it, so nothing reads it.
      await unlink(path).catch(() => undefined);
      return error as Error;
    }
  }
}

function makeFolder(dir: string): Promise<void> {
  const made = new Promise<void>((resolve, reject) =>
    mkdir(dir, { recursive: true, mode: 0o700 }, (error) => (error ? reject(error) : resolve())),
  );
  made.catch(() => undefined);
  return made;
}

/** A few bytes, synchronous (tens of µs). A full disk may refuse them: the record then reads as dead after a grace period. */
function markWriter(dir: string, stamp: string): void {
  try {
    writeFileSync(join(dir, WRITER_FILE), stamp, { mode: 0o600 });
  } catch {
    // unmarked: see UNMARKED_GRACE_MS
  }
}
