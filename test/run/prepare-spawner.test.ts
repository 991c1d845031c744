import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prepareSpawner } from '../../src/index.js';
import { compiled } from '../helpers/compiled.js';
import { isLive } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const host = compiled(fileURLToPath(new URL('../fixtures/run/prepare-spawner-host.ts', import.meta.url)));
const tempDir = useTempDirs();

interface Seen {
  status?: { spawner: string; spawnPath?: string; reason?: string };
  hostPid: number;
  helperPids: number[];
  /** The host's child processes running the helper, ready or not. */
  helperChildren: number;
  parentOfFirstRun: number;
}

/** A fresh host process (the helper's state is process-wide): what it printed, once it ended by itself. */
function freshHost(choice: string): Seen {
  const ended = spawnSync(process.execPath, [host, tempDir(), choice], { encoding: 'utf8', timeout: 20_000 });
  expect({ status: ended.status, signal: ended.signal, stderr: ended.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
  return JSON.parse(ended.stdout) as Seen;
}

async function gone(pid: number): Promise<boolean> {
  for (let waited = 0; waited < 5_000 && isLive(pid); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  return !isLive(pid);
}

describe('prepareSpawner', () => {
  it.runIf(process.platform === 'linux')(
    "boots the helper before any run, so that a host's first run starts through it; the host still ends by itself",
    async () => {
      const seen = freshHost('warm');
      expect(seen.status).toEqual({ spawner: 'warm', spawnPath: 'posix_spawn' });
      expect(seen.helperPids).toHaveLength(1);
      expect(seen.parentOfFirstRun).toBe(seen.helperPids[0]);
      expect(await gone(seen.helperPids[0]!)).toBe(true);
      // Unprepared, a host's first run forks the host itself (and boots nothing).
      const unprepared = freshHost('none');
      expect(unprepared).toMatchObject({ helperPids: [], helperChildren: 0, parentOfFirstRun: unprepared.hostPid });
    },
  );

  it.runIf(process.platform === 'linux')("prepares the default, the choice run() makes without one ('warm' here)", () => {
    const seen = freshHost('default');
    expect(seen.status?.spawner).toBe(process.env.TERSH_SPAWNER === 'direct' ? 'direct' : 'warm');
  });

  it.runIf(process.platform === 'linux')('boots one helper however many callers ask at once', () => {
    const seen = freshHost('warm-five-at-once');
    expect(seen.status).toEqual({ spawner: 'warm', spawnPath: 'posix_spawn' });
    expect(seen).toMatchObject({ helperPids: [expect.any(Number)], helperChildren: 1 });
    expect(seen.parentOfFirstRun).toBe(seen.helperPids[0]);
  });

  it("boots nothing for 'direct', and says why runs fork the host", () => {
    const seen = freshHost('direct');
    expect(seen.status).toEqual({ spawner: 'direct', reason: "the spawner chosen is 'direct'" });
    expect(seen).toMatchObject({ helperPids: [], helperChildren: 0, parentOfFirstRun: seen.hostPid });
  });

  it.runIf(process.platform === 'linux')(
    "readies the helper for 'auto', and says that a small host still forks itself until it holds 64 MB",
    () => {
      const seen = freshHost('auto');
      expect(seen.status).toMatchObject({ spawner: 'direct', spawnPath: 'posix_spawn' });
      expect(seen.status?.reason).toMatch(/under 64 MB of forkable memory/);
      expect(seen.helperPids).toHaveLength(1);
      expect(seen.parentOfFirstRun).toBe(seen.hostPid);
    },
  );

  it.each([
    ['a string', 'warm', 'options'],
    ['an unknown option', { spawner: 'warm', eager: true }, 'eager'],
    ['an unknown spawner', { spawner: 'fast' }, 'spawner'],
    ['a spawner of the wrong type', { spawner: 1 }, 'spawner'],
  ])('refuses %s with a TypeError naming the field', async (_, options, field) => {
    const refused = await prepareSpawner(options as never).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as Error).message).toContain(`\`${field}\``);
  });
});
