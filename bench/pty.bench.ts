// Per-step latency of a trivial command in a terminal session, beside a fresh run() of the same command.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPtyManager } from '../src/pty/index.js';
import { run } from '../src/run/index.js';
import { createRecordStore } from '../src/store/index.js';
import { medianMs as median } from './timing.js';

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tersh-bench-pty-'));
  const store = createRecordStore({ dir: join(dir, 'records') });
  const pty = createPtyManager({ store, cwd: dir });
  try {
    const session = await pty.open();
    const python = await pty.open({ command: 'python3', prompt: />>> $/ });
    const rows: [string, number][] = [
      ['run("echo hi") fresh process', await median(40, () => run('echo hi; true', { store, cwd: dir }))],
      ['bash session step "echo hi; true"', await median(40, () => session.run('echo hi; true'))],
      ['bash session step "cd . && pwd"', await median(40, () => session.run('cd . && pwd'))],
      ['python3 REPL step "1 + 1"', await median(40, () => python.run('1 + 1'))],
    ];
    const base = rows[0]![1];
    for (const [name, ms] of rows)
      console.log(`${name.padEnd(36)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / base).toFixed(2)}× run()`);
  } finally {
    await pty.closeAll();
    rmSync(dir, { recursive: true, force: true });
  }
}
