import { afterEach } from 'vitest';
import { createPtyManager, type PtyManager } from '../../src/pty/index.js';
import { createRecordStore, type RecordStore } from '../../src/store/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

/** A PTY manager over a fresh store per test, every session closed after it. */
export function usePty(
  options: Omit<Parameters<typeof createPtyManager>[0], 'store'> = {},
): () => { pty: PtyManager; store: RecordStore; dir: string } {
  const tempDir = useTempDirs();
  const made: PtyManager[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((pty) => pty.closeAll()));
  });
  return () => {
    const dir = tempDir('tersh-pty-');
    const store = createRecordStore({ dir: `${dir}/records` });
    const pty = createPtyManager({ store, cwd: dir, ...options });
    made.push(pty);
    return { pty, store, dir };
  };
}
