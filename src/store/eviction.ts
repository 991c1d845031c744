import { readdir, stat, rm, appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecordId } from './ids.js';
import { isWriterAlive, UNMARKED_GRACE_MS, WRITER_FILE } from './writer-liveness.js';

export interface EvictionLimits {
  maxRecords: number;
  maxBytes: number;
  ttlMs: number;
}

/** `complete`: meta says so; `live`: its writer still runs; `dead`: its writer died before completing it (torn). */
type RecordState = 'complete' | 'live' | 'dead';

interface RecordOnDisk {
  id: string;
  lastUsedMs: number;
  /** Order of this process's notes of use; 0 for what a scan read. Breaks ties of `lastUsedMs` (same millisecond). */
  useOrder: number;
  bytes: number;
  state: RecordState;
}

const TOMBSTONE_FILE = '.evicted';
const MAX_TOMBSTONES = 20_000;

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function describe(dir: string, id: string): Promise<RecordOnDisk | undefined> {
  const recordDir = join(dir, id);
  try {
    const dirStat = await stat(recordDir);
    const metaStat = await stat(join(recordDir, 'meta.json')).catch(() => undefined);
    const sizes = await Promise.all(['stdout', 'stderr', 'trace'].map((name) => sizeOf(join(recordDir, name))));
    const complete =
      metaStat !== undefined && (await readFile(join(recordDir, 'meta.json'), 'utf8')).includes('"state":"complete"');
    const state = complete ? 'complete' : await writerState(recordDir, dirStat.mtimeMs);
    return { id, lastUsedMs: (metaStat ?? dirStat).mtimeMs, useOrder: 0, bytes: sizes.reduce((a, b) => a + b, 0), state };
  } catch {
    return undefined;
  }
}

async function writerState(recordDir: string, createdMs: number): Promise<RecordState> {
  const stamp = await readFile(join(recordDir, WRITER_FILE), 'utf8').catch(() => undefined);
  if (stamp === undefined || stamp === '') return Date.now() - createdMs > UNMARKED_GRACE_MS ? 'dead' : 'live';
  return isWriterAlive(stamp) ? 'live' : 'dead';
}

/** Eviction order: records of dead writers first, then complete ones, least recently used first within each. */
function evictionOrder(a: RecordOnDisk, b: RecordOnDisk): number {
  const rank = (r: RecordOnDisk): number => (r.state === 'dead' ? 0 : 1);
  // Ties of the clock go by this process's order of use, then by id, which starts with the creation time.
  return rank(a) - rank(b) || a.lastUsedMs - b.lastUsedMs || a.useOrder - b.useOrder || (a.id < b.id ? -1 : 1);
}

const RESCAN_EVERY_MS = 5 * 60_000;

/**
 * Knows the size and last use of every record, from one scan of the folder and then from what
 * this process writes and reads, rescanning now and then for records other processes wrote.
 * Drops records past the TTL, then, until the count and byte caps hold, the records whose writer died before
 * completing them (torn by a killed host), then the least recently used complete ones. Every record counts
 * against the caps; one still being written (by this process or a live other) is never evicted, nor is the most
 * recently used complete record (the run that just ended stays readable).
 */
export class RecordIndex {
  private readonly entries = new Map<string, RecordOnDisk>();
  /** The sum of the entries' bytes, kept as they change (the caps are checked at every record's end). */
  private bytes = 0;
  private scannedAt = 0;
  private uses = 0;

  constructor(
    private readonly dir: string,
    private readonly limits: EvictionLimits,
  ) {}

  noteFinished(id: string, bytes: number): void {
    this.uses += 1;
    this.put({ id, bytes, lastUsedMs: Date.now(), useOrder: this.uses, state: 'complete' });
  }

  private put(record: RecordOnDisk): void {
    this.drop(record.id);
    this.entries.set(record.id, record);
    this.bytes += record.bytes;
  }

  private drop(id: string): void {
    this.bytes -= this.entries.get(id)?.bytes ?? 0;
    this.entries.delete(id);
  }

  noteUsed(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.uses += 1;
    entry.lastUsedMs = Date.now();
    entry.useOrder = this.uses;
  }

  /** True when the records known break a cap, or the folder was never read (records of earlier runs may). */
  exceedsCaps(): boolean {
    if (this.scannedAt === 0) return true;
    return this.entries.size > this.limits.maxRecords || this.bytes > this.limits.maxBytes;
  }

  private async rescan(): Promise<void> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter(isRecordId);
    const records = await Promise.all(names.map((id) => describe(this.dir, id)));
    this.entries.clear();
    this.bytes = 0;
    for (const record of records) if (record) this.put(record);
    this.scannedAt = Date.now();
  }

  async sweep(activeIds: ReadonlySet<string>, now = Date.now()): Promise<string[]> {
    if (now - this.scannedAt > RESCAN_EVERY_MS) await this.rescan();
    const evicted: string[] = [];
    const keep: RecordOnDisk[] = [];
    for (const record of this.entries.values()) {
      const expired = now - record.lastUsedMs > this.limits.ttlMs;
      if (expired && record.state !== 'live' && !activeIds.has(record.id)) evicted.push(record.id);
      else keep.push(record);
    }
    keep.sort(evictionOrder);
    const newestComplete = keep.findLast((r) => r.state === 'complete');
    let count = keep.length;
    let bytes = keep.reduce((sum, r) => sum + r.bytes, 0);
    for (const record of keep) {
      if (count <= this.limits.maxRecords && bytes <= this.limits.maxBytes) break;
      if (record.state === 'live' || record === newestComplete || activeIds.has(record.id)) continue;
      evicted.push(record.id);
      count -= 1;
      bytes -= record.bytes;
    }
    for (const id of evicted) this.drop(id);
    await Promise.all(evicted.map((id) => rm(join(this.dir, id), { recursive: true, force: true })));
    if (evicted.length > 0) await recordTombstones(this.dir, evicted);
    return evicted;
  }

  /** Forgets what it knows, so the next sweep reads the folder again. */
  invalidate(): void {
    this.scannedAt = 0;
  }
}

async function recordTombstones(dir: string, ids: string[]): Promise<void> {
  const file = join(dir, TOMBSTONE_FILE);
  await appendFile(file, ids.map((id) => `${id}\n`).join(''), { mode: 0o600 });
  const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  if (lines.length > MAX_TOMBSTONES) await writeFile(file, `${lines.slice(-MAX_TOMBSTONES / 2).join('\n')}\n`);
}

export async function wasEvicted(dir: string, id: string): Promise<boolean> {
  const text = await readFile(join(dir, TOMBSTONE_FILE), 'utf8').catch(() => '');
  return text.split('\n').includes(id);
}
