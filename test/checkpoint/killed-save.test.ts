import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCheckpointStore } from '../../src/checkpoint/index.js';
import { compiled } from '../helpers/compiled.js';
import { tempDir } from './tree-helpers.js';

const fixture = fileURLToPath(new URL('../fixtures/checkpoint-save.ts', import.meta.url));
let work: ReturnType<typeof tempDir>;

beforeEach(() => {
  work = tempDir('ckpt-kill');
});
afterEach(() => work.cleanup());

/** Copies in the pool and staging folders, over every origin of the store. */
function storeContents(storeDir: string): { objects: number; staging: number } {
  const counts = { objects: 0, staging: 0 };
  if (!existsSync(storeDir)) return counts;
  for (const origin of readdirSync(storeDir)) {
    const objects = join(storeDir, origin, 'objects');
    const staging = join(storeDir, origin, 'staging');
    if (existsSync(objects)) counts.objects += readdirSync(objects).length;
    if (existsSync(staging)) counts.staging += readdirSync(staging).length;
  }
  return counts;
}

it('never lists a save killed midway, and sweeps what it left on the next save', async () => {
  const source = join(work.path, 'big');
  const storeDir = join(work.path, 'store');
  const chunk = Buffer.alloc(16_384, 'x');
  for (let d = 0; d < 40; d++) {
    mkdirSync(join(source, `d${d}`), { recursive: true });
    for (let f = 0; f < 100; f++) writeFileSync(join(source, `d${d}`, `f${f}`), chunk);
  }
  const child = spawn(process.execPath, [compiled(fixture), storeDir, source, 'big'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));

  let copiedAtKill = 0;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && output === '') {
    copiedAtKill = storeContents(storeDir).objects;
    if (copiedAtKill >= 50) break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  expect(output).toBe('');
  expect(copiedAtKill).toBeGreaterThanOrEqual(50);
  expect(copiedAtKill).toBeLessThan(4000);
  expect(storeContents(storeDir).staging).toBe(1);

  const store = createCheckpointStore({ dir: storeDir });
  expect(await store.list(source)).toEqual([]);
  expect(await store.list()).toEqual([]);
  await expect(store.save('big', source, { exclude: [] })).resolves.toMatchObject({ label: 'big', entries: 4041 });
  expect(storeContents(storeDir)).toEqual({ objects: 4000, staging: 0 });
});
