// 100 MB over an executor, from a host process of its own (fixtures/executor/big-output-host.ts) whose RSS is measured.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOST = join(import.meta.dirname, '../fixtures/executor/big-output-host.ts');

export interface BigOutputReport {
  bytes: number;
  onDisk: number;
  exit: number;
  truncated: number;
  growthMb: number;
}

/** Runs `megabytes` of output through the executor in a fresh host; `cwd: ''` keeps the target's own. */
export async function bigOutputThroughHost(
  kind: 'docker' | 'ssh',
  options: object,
  cwd: string,
  megabytes: number,
): Promise<BigOutputReport> {
  const storeDir = mkdtempSync(join(tmpdir(), `tersh-${kind}-big-`));
  try {
    const host = spawn(
      process.execPath,
      ['--import', 'tsx', HOST, kind, JSON.stringify(options), cwd, storeDir, String(megabytes)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    host.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => host.once('close', resolve));
    return JSON.parse(out.trim().split('\n').at(-1)!) as BigOutputReport;
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
}
