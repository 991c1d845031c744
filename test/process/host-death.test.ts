import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxSupport } from '../../src/index.js';
import { signalPids } from '../../src/process/group.js';
import { compiled } from '../helpers/compiled.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';

const host = compiled(fileURLToPath(new URL('../fixtures/run/lifecycle-host.ts', import.meta.url)));
const hasSandbox = (await sandboxSupport()).available;
const everyMarker: string[] = [];

afterAll(() => {
  for (const marker of everyMarker) signalPids(livePidsWith(marker), 'SIGKILL');
});

type Death = 'exit' | 'throw' | 'SIGTERM' | 'SIGINT' | 'SIGHUP' | 'SIGKILL';

function markersFor(kinds: readonly string[]): Record<string, string> {
  const markers = Object.fromEntries(kinds.map((kind) => [kind, uniqueSleepSeconds()]));
  everyMarker.push(...Object.values(markers));
  return markers;
}

/** Starts the host, waits for its runs, kills it as asked; resolves once it is dead. */
async function hostDies(
  death: Death,
  markers: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-host-death-'));
  const mode = death === 'exit' || death === 'throw' ? death : 'stay';
  const child = spawn(process.execPath, [host, dir, mode, JSON.stringify(markers)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let text = '';
  child.stderr.resume();
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    if (mode === 'stay' && text.includes('\n')) process.kill(child.pid!, death);
  });
  try {
    return await exit;
  } finally {
    expect(text, 'the host reported its runs').toContain('"pid"');
    rmSync(dir, { recursive: true, force: true });
  }
}

const liveByKind = (markers: Record<string, string>): Record<string, number[]> =>
  Object.fromEntries(Object.entries(markers).map(([kind, marker]) => [kind, livePidsWith(marker)]));

async function survivorsAfter(ms: number, markers: Record<string, string>): Promise<Record<string, number[]>> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return liveByKind(markers);
}

/** What is still alive `ms` after the host died; known sooner when nothing is left. */
async function survivorsWithin(ms: number, markers: Record<string, string>): Promise<Record<string, number[]>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const live = liveByKind(markers);
    if (Object.values(live).every((pids) => pids.length === 0) || Date.now() >= deadline) return live;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const kinds = ['foreground', 'background', 'escapee', ...(hasSandbox ? ['sandbox'] : [])];
const deaths: Death[] = ['exit', 'throw', 'SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL'];

describe('nothing outlives the host', () => {
  it.each(deaths)('leaves no process of any run 2 s after the host dies by %s', { timeout: 90_000 }, async (death) => {
    const markers = markersFor(kinds);
    const ended = await hostDies(death, markers);
    if (death === 'exit') expect(ended.code).toBe(0);
    if (death === 'throw') expect(ended.code).toBe(1);
    if (death.startsWith('SIG')) expect(ended.signal ?? ended.code).toBe(death === 'SIGKILL' ? 'SIGKILL' : death);
    const survivors = await survivorsWithin(2_000, markers);
    expect(survivors).toEqual(Object.fromEntries(kinds.map((kind) => [kind, []])));
  });

  it.each(['SIGKILL', 'exit'] as const)(
    'leaves none after %s without cgroups either (the marks found in /proc)',
    { timeout: 90_000 },
    async (death) => {
      const markers = markersFor(kinds);
      await hostDies(death, markers, { ...process.env, TERSH_CGROUPS: '0' });
      const survivors = await survivorsWithin(2_000, markers);
      expect(survivors).toEqual(Object.fromEntries(kinds.map((kind) => [kind, []])));
    },
  );

  it('lets a detached run outlive the host', { timeout: 60_000 }, async () => {
    const markers = markersFor(['detached']);
    await hostDies('SIGKILL', markers);
    const survivors = await survivorsAfter(1_000, markers);
    expect(survivors.detached).toHaveLength(1);
  });
});
