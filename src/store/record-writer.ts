import { mkdir, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StreamFile } from './stream-file.js';
import type { RecordMeta } from './record-meta.js';
import { WRITER_FILE, writerStamp } from './writer-liveness.js';

/**
 * The writing side of one record: two stream files, a trace path, and `meta.json`, which is written
 * once, in one write, only after every byte of the streams is on disk.
 * @public
 */
export class RecordWriter {
  readonly id: string;
  readonly dir: string;
  readonly stdout: StreamFile;
  readonly stderr: StreamFile;
  /** Where a tracer writes its raw trace for this record. */
  readonly tracePath: string;
  private readonly ready: Promise<void>;
  private meta: RecordMeta;

  /** `stamp` names the writing process (see `writerStamp`), so another process can tell a dead writer's record from a live one. */
  constructor(storeDir: string, meta: RecordMeta, stamp: string = writerStamp()) {
    this.id = meta.id;
    this.dir = join(storeDir, meta.id);
    this.meta = meta;
    this.tracePath = join(this.dir, 'trace');
    this.ready = new Promise((resolve, reject) =>
      mkdir(this.dir, { recursive: true, mode: 0o700 }, (error) => {
        if (error) return reject(error);
        markWriter(this.dir, stamp);
        resolve();
      }),
    );
    this.ready.catch(() => undefined);
    this.stdout = new StreamFile(join(this.dir, 'stdout'), this.ready);
    this.stderr = new StreamFile(join(this.dir, 'stderr'), this.ready);
  }

  /** Resolves once the record's folder exists (streams and trace may be written from then on). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async flush(): Promise<void> {
    await this.ready;
    await Promise.all([this.stdout.flush(), this.stderr.flush()]);
  }

  async finish(facts: Partial<RecordMeta>): Promise<RecordMeta> {
    await this.ready;
    await Promise.all([this.stdout.close(), this.stderr.close()]);
    this.meta = {
      ...this.meta,
      ...facts,
      stdoutBytes: this.stdout.bytesWritten,
      stderrBytes: this.stderr.bytesWritten,
      state: 'complete',
      endedAt: new Date().toISOString(),
    };
    // A stream the disk refused (full, gone) is said in the meta rather than read as whole.
    const failed = (['stdout', 'stderr'] as const).filter((name) => this[name].error);
    if (failed.length > 0) this.meta.writeErrors = failed.map((name) => `${name}: ${this[name].error!.message}`);
    await this.writeMeta();
    return this.meta;
  }

  private async writeMeta(): Promise<void> {
    await this.ready;
    // One write of a few hundred bytes, synchronous (tens of µs; the thread pool costs several hundred, and a
    // temp file + rename ~450 µs on ext4 here). A write torn by a crash leaves invalid JSON, which readers
    // treat as an incomplete record, so the meta still never reads as complete before every byte is on disk.
    writeFileSync(join(this.dir, 'meta.json'), JSON.stringify(this.meta), { mode: 0o600 });
  }
}

/** A few bytes, synchronous (tens of µs). A full disk may refuse them: the record then reads as dead after a grace period. */
function markWriter(dir: string, stamp: string): void {
  try {
    writeFileSync(join(dir, WRITER_FILE), stamp, { mode: 0o600 });
  } catch {
    // unmarked: see UNMARKED_GRACE_MS
  }
}
