import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findTaggedProcesses, signalPids } from '../../src/process/group.js';
import { compiled } from '../helpers/compiled.js';
import { alive, waitFor } from './helpers.js';

const host = fileURLToPath(new URL('../fixtures/jobs/host.ts', import.meta.url));
const leftovers: number[] = [];

afterEach(() => {
  signalPids(leftovers.splice(0), 'SIGKILL');
});

interface Started {
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hostPid: number;
  jobPids: number[];
  dir: string;
}

async function startHost(mode: 'stay' | 'exit' | 'throw'): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-reap-test-'));
  const child = spawn(process.execPath, [compiled(host), dir, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let text = '';
  child.stderr.resume();
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    void exit.then(() => reject(new Error(`host exited early: ${text}`)));
  });
  const { recordId, pid } = JSON.parse(line) as { recordId: string; pid: number };
  const jobPids = await findTaggedProcesses(recordId);
  leftovers.push(...jobPids);
  return { exit, hostPid: pid, jobPids, dir };
}

describe('reaping at host exit', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'kills every job process, escapees included, when the host gets %s, then dies of it as it would without tersh',
    async (signal) => {
      const { exit, hostPid, jobPids, dir } = await startHost('stay');
      try {
        expect(jobPids.length).toBeGreaterThanOrEqual(3);
        process.kill(hostPid, signal);
        expect((await exit).signal).toBe(signal);
        expect(await waitFor(() => jobPids.every((pid) => !alive(pid)), 2_000)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('kills every job process when the host calls process.exit', async () => {
    const { exit, jobPids, dir } = await startHost('exit');
    try {
      expect(jobPids.length).toBeGreaterThanOrEqual(3);
      expect((await exit).code).toBe(0);
      expect(await waitFor(() => jobPids.every((pid) => !alive(pid)), 2_000)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('kills every job process when the host dies of an uncaught exception', async () => {
    const { exit, jobPids, dir } = await startHost('throw');
    try {
      expect((await exit).code).toBe(1);
      expect(await waitFor(() => jobPids.every((pid) => !alive(pid)), 2_000)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
