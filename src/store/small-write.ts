import { closeSync, ftruncateSync, open, openSync, writeFileSync, writeSync } from 'node:fs';

/**
 * A write of a few hundred bytes (a record's meta, a line of tombstones): its open (which may create the file, and wait
 * on the disk's journal) through the thread pool, its write and close on the event loop (into the page cache). Each
 * thread-pool round trip costs the process ~0.1 ms of CPU here (the hand-off and wake-ups of both threads);
 * `writeFile` and `appendFile` make three.
 */
export function writeSmallFile(path: string, text: string, flags: 'w' | 'a'): Promise<void> {
  return writeOpened(path, flags, (fd) => writeFileSync(fd, text));
}

/**
 * Replaces the whole of an existing small file, synchronously: written over from its start, then cut to the new
 * length (behind a SyncGate: on the loop it costs less than a hand-off to the thread pool). Not opened with O_TRUNC:
 * on ext4 a file truncated to zero is flushed to disk at its close (its `auto_da_alloc` guard against zero-length
 * files after a crash), which made each close cost the loop ~0.1 ms here. Throws ENOENT if it is gone.
 */
export function overwriteSmallFileSync(path: string, text: string): void {
  const bytes = Buffer.from(text);
  const fd = openSync(path, 'r+');
  try {
    overwriteOpened(fd, bytes, path);
  } catch (error) {
    closeQuietly(fd);
    throw error;
  }
  closeSync(fd);
}

/** overwriteSmallFileSync with its open through the thread pool, for when the loop should not wait on the disk. */
export function overwriteSmallFile(path: string, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  return writeOpened(path, 'r+', (fd) => overwriteOpened(fd, bytes, path));
}

function overwriteOpened(fd: number, bytes: Buffer, path: string): void {
  if (writeSync(fd, bytes, 0, bytes.length, 0) !== bytes.length) throw new Error(`short write to ${path}`);
  ftruncateSync(fd, bytes.length);
}

/** Opens `path` through the thread pool, then writes and closes it on the event loop; rejects with the first error. */
function writeOpened(path: string, flags: 'w' | 'a' | 'r+', write: (fd: number) => void): Promise<void> {
  return new Promise((resolve, reject) =>
    open(path, flags, 0o600, (error, fd) => {
      if (error) return reject(error);
      try {
        write(fd);
      } catch (writeError) {
        closeQuietly(fd);
        return reject(writeError as Error);
      }
      try {
        closeSync(fd);
        resolve();
      } catch (closeError) {
        reject(closeError as Error);
      }
    }),
  );
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // the write's error is the one said
  }
}
