import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { detectMaskedExit } from '../../src/exit/index.js';
import { run } from '../../src/run/index.js';
import { createRecordStore } from '../../src/store/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

describe('masked-exit hints only where a hidden failure is plausible', () => {
  it('says nothing on a timed-out run (there is no exit status to hide)', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    const result = await run('sleep 5 | cat', { store, timeoutMs: 200 });
    expect(result.timedOut).toBe(true);
    expect(result.hint ?? '').not.toContain('hides any failure');
  });

  it.each(['echo a; echo b', 'ls /usr/bin | head -3', 'seq 1 100 | tail -2', 'find /usr/share -maxdepth 1 | wc -l'])(
    'says nothing on %s with an empty stderr',
    async (command) => {
      const store = createRecordStore({ dir: join(tempDir(), 'records') });
      const result = await run(command, { store });
      expect(result.exit).toBe(0);
      expect(result.hint).toBeUndefined();
    },
  );

  it('still hints when the hidden part may have failed', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    expect((await run('ls /nonexistent-x | head -3', { store })).hint).toContain('pipefail');
    expect((await run("sh -c 'echo 3 failed; exit 1' | tail -1", { store })).hint).toContain('pipefail');
    expect((await run('false; echo done', { store })).hint).toContain('&&');
  });

  it.each([
    'pytest | tail -20',
    'npm test 2>&1 | head -50',
    'make; echo done',
    'make || true',
    'npm start &',
    'cargo build --release | tee build.log',
  ])('keeps the hint for %s under 25 tokens', (command) => {
    expect(encode(detectMaskedExit(command)!.hint).length).toBeLessThan(25);
  });
});
