import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { summarizeTrace, wrapInTrace, type TraceSummary } from '../../src/trace/index.js';

export async function runTraced(
  command: { file: string; args: string[] },
  cwd: string,
  traceDir: string,
): Promise<{ summary: TraceSummary; exit: number | null; traceFile: string }> {
  const traceFile = join(traceDir, `trace-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  const traced = await wrapInTrace(command, { traceFile });
  if ('unavailable' in traced) throw new Error(traced.unavailable);
  const exit = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(traced.file, traced.args, { cwd, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', resolve);
  });
  return { summary: await summarizeTrace(traceFile, { cwd }), exit, traceFile };
}
