import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordStore, run } from '../../src/index.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

// A command that needs no shell starts without a lookup of its program on the host; a start that fails for want
// of it goes through the shell, so what the caller sees is what a lookup first gave.
describe.each(['warm', 'direct'] as const)('a program that is missing or not executable (%s)', (spawner) => {
  it('gets exit 127 or 126 from the shell, one record each, and a program later on PATH runs directly', async () => {
    const dir = tempDir();
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'tersh-not-executable'), 'echo never\n', { mode: 0o644 });
    const store = createRecordStore({ dir: join(dir, 'records') });
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}` };

    const missing = await run('tersh-no-such-program --flag', { store, spawner, env });
    expect(missing).toMatchObject({ exit: 127, ok: false, shellKind: 'bash', autoShell: true });
    expect(missing.stderr).toContain('tersh-no-such-program');
    expect(await store.meta(missing.id)).toMatchObject({ state: 'complete', exit: 127, shellKind: 'bash' });

    const denied = await run('tersh-not-executable', { store, spawner, env });
    expect(denied).toMatchObject({ exit: 126, ok: false, shellKind: 'bash' });
    expect(denied.stderr).toMatch(/Permission denied/);

    chmodSync(join(bin, 'tersh-not-executable'), 0o755);
    writeFileSync(join(bin, 'tersh-not-executable'), '#!/bin/sh\necho ran\n');
    const ran = await run('tersh-not-executable', { store, spawner, env });
    expect(ran).toMatchObject({ exit: 0, shellKind: 'direct', stdout: 'ran\n' });
  });

  it('never retries an argv array or a shell: false command through the shell', async () => {
    const store = createRecordStore({ dir: join(tempDir(), 'records') });
    for (const options of [{}, { shell: false as const }]) {
      const command = Object.keys(options).length > 0 ? 'tersh-no-such-program' : ['tersh-no-such-program'];
      const result = await run(command, { store, spawner, ...options });
      expect(result).toMatchObject({ ok: false, shellKind: 'direct' });
      expect(result.autoShell).toBeUndefined();
    }
  });
});
