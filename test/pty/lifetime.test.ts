import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createShell } from '../../src/shell/index.js';
import { compiled } from '../helpers/compiled.js';
import { livePidsWith, uniqueSleepSeconds } from '../helpers/processes.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { usePty } from './helpers.js';

const fixture = usePty();
const tempDir = useTempDirs();

async function gone(marker: string, withinMs = 2_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  let left = livePidsWith(marker);
  while (left.length > 0 && Date.now() < deadline) {
    await delay(50);
    left = livePidsWith(marker);
  }
  return left;
}

describe('nothing a terminal session started outlives it', () => {
  it('close() kills background jobs of the session and setsid escapees', async () => {
    const { pty } = fixture();
    const session = await pty.open();
    const job = `sleep ${uniqueSleepSeconds()}`;
    const escapee = `sleep ${uniqueSleepSeconds()}`;
    await session.run(`${job} &`);
    await session.run(`setsid sh -c '${escapee}' >/dev/null 2>&1 < /dev/null &`);
    await delay(200);
    expect(livePidsWith(job)).toHaveLength(1);
    expect(livePidsWith(escapee).length).toBeGreaterThan(0);
    await session.close();
    expect(await gone(job, 500)).toEqual([]);
    expect(await gone(escapee, 500)).toEqual([]);
  });

  it("shell.close() closes the shell's sessions", async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records') });
    const session = await shell.pty.open();
    const marker = `sleep ${uniqueSleepSeconds()}`;
    await session.run(`${marker} &`);
    await shell.close();
    expect(session.closed).toBe(true);
    expect(await gone(marker, 500)).toEqual([]);
  });

  it('refuses in a sandboxed shell rather than run a terminal unconfined', async () => {
    const shell = createShell({ cwd: tempDir(), storeDir: join(tempDir(), 'records'), sandbox: true });
    await expect(shell.pty.open()).rejects.toMatchObject({ code: 'SANDBOX_UNAVAILABLE' });
    await shell.close();
  });

  for (const death of ['exit', 'throw', 'SIGTERM', 'SIGKILL'] as const) {
    it(`leaves nothing running when the host dies (${death})`, async () => {
      const marker = `sleep ${uniqueSleepSeconds()}`;
      const entry = pathToFileURL(compiled('src/index.ts')).href;
      const dir = tempDir();
      const script = `
        const t = await import(${JSON.stringify(entry)});
        const shell = t.createShell({ cwd: ${JSON.stringify(dir)}, storeDir: ${JSON.stringify(join(dir, 'records'))} });
        const session = await shell.pty.open();
        await session.run(${JSON.stringify(`${marker} &`)});
        void session.run(${JSON.stringify(marker)}, { timeoutMs: 60000 });
        setTimeout(() => console.log('ready'), 200);
        process.on('message', () => {});
        ${death === 'exit' ? 'setTimeout(() => process.exit(0), 400);' : death === 'throw' ? "setTimeout(() => { throw new Error('boom'); }, 400);" : 'setInterval(() => {}, 1000);'}
      `;
      const host = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const [chunk] = (await once(host.stdout, 'data')) as [Buffer];
      expect(chunk.toString()).toContain('ready');
      expect(livePidsWith(marker).filter((pid) => pid !== host.pid)).toHaveLength(2);
      if (death === 'SIGTERM' || death === 'SIGKILL') host.kill(death);
      await once(host, 'exit');
      expect(await gone(marker, 2_000)).toEqual([]);
    });
  }
});
