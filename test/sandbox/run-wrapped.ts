import { spawn } from 'node:child_process';
import { normalizeSandboxOptions, wrapInSandbox } from '../../src/sandbox/index.js';

export interface Finished {
  exit: number | null;
  stdout: string;
  stderr: string;
}

export function spawnAndWait(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exit) => resolve({ exit, stdout, stderr }));
  });
}

/** Runs a bash script inside the sandbox the way run() will: wrap, spawn, clean up. */
export async function runSandboxed(script: string, cwd: string, sandbox: unknown = true): Promise<Finished> {
  const options = normalizeSandboxOptions(sandbox);
  if (options === undefined) throw new Error('test asked for no sandbox');
  const wrapped = await wrapInSandbox({ file: 'bash', args: ['-c', script] }, options, { cwd });
  try {
    return await spawnAndWait(wrapped.file, wrapped.args, cwd);
  } finally {
    await wrapped.cleanup();
  }
}
