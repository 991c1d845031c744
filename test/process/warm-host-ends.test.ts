import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiled } from '../helpers/compiled.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const host = compiled(fileURLToPath(new URL('../fixtures/run/idle-end-host.ts', import.meta.url)));
const tempDir = useTempDirs();

// A script that runs commands and returns must end by itself: an idle spare connection kept one alive for ever.
describe('a host done with the warm spawner', () => {
  it('ends by itself once its last run has returned', () => {
    const ended = spawnSync(process.execPath, [host, tempDir()], { encoding: 'utf8', timeout: 20_000 });
    expect({ stdout: ended.stdout, status: ended.status, signal: ended.signal }).toEqual({
      stdout: 'done\n',
      status: 0,
      signal: null,
    });
  }, 30_000);
});
