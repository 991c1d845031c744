import { readdir, stat, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecordId } from './ids.js';
import { META_FILE } from './record-meta.js';
import { removeRecordFolder } from './remove-record.js';
import { SpareFolders } from './spare-folders.js';
import { writeSmallFile } from './small-write.js';
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
  /** Holds `meta.json` alone, as this process wrote it (false: unknown, its folder is read before its removal). */
  metaOnly: boolean;
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
    const metaStat = await stat(join(recordDir, META_FILE)).catch(() => undefined);
    const sizes = await Promise.all(['stdout', 'stderr', 'trace'].map((name) => sizeOf(join(recordDir, name))));
    // A meta naming another id is a reused folder whose new meta a power cut lost (spare-folders.ts): not complete.
    const text = metaStat === undefined ? '' : await readFile(join(recordDir, META_FILE), 'utf8');
    const complete = text.includes('"state":"complete"') && text.includes(`"id":"${id}"`);
    const state = complete ? 'complete' : await writerState(recordDir, dirStat.mtimeMs);
    const bytes = sizes.reduce((a, b) => a + b, 0);
    return { id, lastUsedMs: (metaStat ?? dirStat).mtimeMs, useOrder: 0, bytes, state, metaOnly: false };
  } catch {
    return undefined;
  }
}

async function writerState(recordDir: string, createdMs: number): Promise<RecordState> {
  const stamp = await readFile(join(recordDir, WRITER_FILE), 'utf8').catch(() => undefined);
  if (stamp === undefined || stamp === '') return Date.now() - createdMs > UNMARKED_GRACE_MS ? 'dead' : 'live';
  return isWriterAlive(stamp) ? 'live' : 'dead';
}

const rank = (record: RecordOnDisk): number => (record.state === 'dead' ? 0 : 1);

/** Eviction order: records of dead writers first, then complete ones, least recently used first within each. */
function evictionOrder(a: RecordOnDisk, b: RecordOnDisk): number {
  // Ties of the clock go by this process's order of use, then by id, which starts with the creation time.
  return rank(a) - rank(b) || a.lastUsedMs - b.lastUsedMs || a.useOrder - b.useOrder || (a.id < b.id ? -1 : 1);
}

/** Records found one at a time before the rest are sorted: a full store evicts one a run, so rarely sorts. */
const PICKED_BEFORE_SORTING = 4;

/** `records` in eviction order, the first few by a scan each, the rest sorted once needed. */
function* inEvictionOrder(records: RecordOnDisk[]): Generator<RecordOnDisk> {
  const left = [...records];
  for (let picked = 0; picked < PICKED_BEFORE_SORTING && left.length > 0; picked++) {
    let first = 0;
    for (let index = 1; index < left.length; index++) if (evictionOrder(left[index]!, left[first]!) < 0) first = index;
    yield left.splice(first, 1)[0]!;
  }
  yield* left.sort(evictionOrder);
}

/** The complete record last in eviction order (the most recently used), if any. */
function newestComplete(records: readonly RecordOnDisk[]): RecordOnDisk | undefined {
  let newest: RecordOnDisk | undefined;
  for (const record of records)
    if (record.state === 'complete' && (!newest || evictionOrder(record, newest) > 0)) newest = record;
  return newest;
}

/**
 * The ids a store evicted, appended to its tombstone file, which is cut to its newest half past MAX_TOMBSTONES lines.
 * The file is read only when the lines this process counts (read once, then its own appends) pass the cap: other
 * processes' appends are found then. Reading it at every eviction cost a full store 0.7 ms of CPU a run here.
 */
class Tombstones {
  private lines: number | undefined;

  constructor(private readonly file: string) {}

  async record(ids: readonly string[]): Promise<void> {
    await writeSmallFile(this.file, ids.map((id) => `${id}\n`).join(''), 'a');
    // Read at first (the ids just appended included) and past the cap, counted in between.
    if (this.lines !== undefined && this.lines + ids.length <= MAX_TOMBSTONES) {
      this.lines += ids.length;
      return;
    }
    const lines = await this.read();
    this.lines = lines.length;
    if (lines.length <= MAX_TOMBSTONES) return;
    const kept = lines.slice(-MAX_TOMBSTONES / 2);
    await writeFile(this.file, `${kept.join('\n')}\n`);
    this.lines = kept.length;
  }

  private async read(): Promise<string[]> {
    return (await readFile(this.file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  }
}

const RESCAN_EVERY_MS = 5 * 60_000;

/**
 * A sweep that finds the count cap passed evicts this many more records (a 32nd of the cap, none under 32): a full
 * store of quick runs then sweeps once every 32 runs, not at each, and its removals share the thread pool's wake-ups.
 */
const countSlack = (maxRecords: number): number => Math.floor(maxRecords / 32);

/**
 * Knows the size and last use of every record, from one scan of the folder and then from what
 * this process writes and reads, rescanning now and then for records other processes wrote.
 * Drops records past the TTL, then, until the caps hold (the count `countSlack` under its cap once it passed it), the
 * records whose writer died before completing them (torn by a killed host), then the least recently used complete
 * ones. Every record counts against the caps; one still being written (by this process or a live other) is never
 * evicted, nor is the most recently used complete record (the run that just ended stays readable).
 */
export class RecordIndex {
  private readonly entries = new Map<string, RecordOnDisk>();
  /** The sum of the entries' bytes, kept as they change (the caps are checked at every record's end). */
  private bytes = 0;
  private scannedAt = 0;
  private uses = 0;
  private readonly tombstones: Tombstones;
  /** Evicted silent records' folders, kept for the next silent records. */
  readonly spares: SpareFolders;

  constructor(
    private readonly dir: string,
    private readonly limits: EvictionLimits,
  ) {
    this.tombstones = new Tombstones(join(dir, TOMBSTONE_FILE));
    this.spares = new SpareFolders(dir);
  }

  /** `metaOnly`: the record's folder holds `meta.json` alone (a silent run's), so its removal need not read it. */
  noteFinished(id: string, bytes: number, metaOnly = false): void {
    this.uses += 1;
    this.put({ id, bytes, lastUsedMs: Date.now(), useOrder: this.uses, state: 'complete', metaOnly });
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

  /** Reads the folder again; what this process noted while it read (a record finished, a use) is kept over it. */
  private async rescan(): Promise<void> {
    const usesBefore = this.uses;
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter(isRecordId);
    const [records] = await Promise.all([Promise.all(names.map((id) => describe(this.dir, id))), this.spares.removeOthers()]);
    const notedSince = [...this.entries.values()].filter((entry) => entry.useOrder > usesBefore);
    this.entries.clear();
    this.bytes = 0;
    for (const record of records) if (record) this.put(record);
    for (const entry of notedSince) this.put(entry);
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
    const newest = newestComplete(keep);
    let count = keep.length;
    let bytes = keep.reduce((sum, r) => sum + r.bytes, 0);
    const { maxRecords, maxBytes } = this.limits;
    const countLimit = count > maxRecords ? maxRecords - countSlack(maxRecords) : maxRecords;
    const withinCaps = (): boolean => count <= countLimit && bytes <= maxBytes;
    for (const record of withinCaps() ? [] : inEvictionOrder(keep)) {
      if (withinCaps()) break;
      if (record.state === 'live' || record === newest || activeIds.has(record.id)) continue;
      evicted.push(record.id);
      count -= 1;
      bytes -= record.bytes;
    }
    const metaOnly = new Set(evicted.filter((id) => this.entries.get(id)?.metaOnly));
    for (const id of evicted) this.drop(id);
    await Promise.all(evicted.map((id) => this.remove(id, metaOnly.has(id))));
    if (evicted.length > 0) await this.tombstones.record(evicted);
    return evicted;
  }

  private async remove(id: string, metaOnly: boolean): Promise<void> {
    const recordDir = join(this.dir, id);
    if (!(metaOnly && (await this.spares.keep(recordDir)))) await removeRecordFolder(recordDir, metaOnly);
  }

  /** Forgets what it knows, so the next sweep reads the folder again. */
  invalidate(): void {
    this.scannedAt = 0;
  }
}

export async function wasEvicted(dir: string, id: string): Promise<boolean> {
  const text = await readFile(join(dir, TOMBSTONE_FILE), 'utf8').catch(() => '');
  return text.split('\n').includes(id);
}
