import { readdir, stat, rm, appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecordId } from './ids.js';

export interface EvictionLimits {
  maxRecords: number;
  maxBytes: number;
  ttlMs: number;
}

interface RecordOnDisk {
  id: string;
  lastUsedMs: number;
  bytes: number;
  complete: boolean;
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
    const complete = metaStat !== undefined && (await readFile(join(recordDir, 'meta.json'), 'utf8')).includes('"state":"complete"');
    return { id, lastUsedMs: (metaStat ?? dirStat).mtimeMs, bytes: sizes.reduce((a, b) => a + b, 0), complete };
  } catch {
    return undefined;
  }
}

/**
 * Drops records past the TTL, then the least recently used ones until the count and byte caps hold.
 * A record still being written (by this process or another) is never evicted by the caps.
 */
export async function evictRecords(dir: string, limits: EvictionLimits, activeIds: ReadonlySet<string>, now = Date.now()): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isRecordId);
  const records = (await Promise.all(names.map((id) => describe(dir, id)))).filter((r): r is RecordOnDisk => r !== undefined);
  const evicted: string[] = [];
  const keep: RecordOnDisk[] = [];
  for (const record of records) {
    const expired = now - record.lastUsedMs > limits.ttlMs;
    if (expired && !activeIds.has(record.id)) evicted.push(record.id);
    else keep.push(record);
  }
  keep.sort((a, b) => a.lastUsedMs - b.lastUsedMs);
  let count = keep.length;
  let bytes = keep.reduce((sum, r) => sum + r.bytes, 0);
  for (const record of keep) {
    if (count <= limits.maxRecords && bytes <= limits.maxBytes) break;
    if (!record.complete || activeIds.has(record.id)) continue;
    evicted.push(record.id);
    count -= 1;
    bytes -= record.bytes;
  }
  await Promise.all(evicted.map((id) => rm(join(dir, id), { recursive: true, force: true })));
  if (evicted.length > 0) await recordTombstones(dir, evicted);
  return evicted;
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
