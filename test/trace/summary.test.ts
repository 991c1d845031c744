import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeTrace } from '../../src/trace/index.js';
import { runTraced } from './run-traced.js';

const fixture = fileURLToPath(new URL('fixtures/effects.mjs', import.meta.url));
let traceDir: string;
let server: Server;
let tcpPort: number;

beforeAll(async () => {
  traceDir = mkdtempSync(join(tmpdir(), 'tersh-trace-records-'));
  server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tcpPort = (server.address() as { port: number }).port;
});
afterAll(async () => {
  rmSync(traceDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function workDir(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'tersh-trace-cwd-'));
  writeFileSync(join(cwd, 'existing.txt'), 'old');
  writeFileSync(join(cwd, 'input.txt'), 'in');
  writeFileSync(join(cwd, 'doomed.txt'), 'bye');
  return cwd;
}

describe('summarizeTrace on a real traced run', () => {
  it('lists each file created, written, renamed and deleted, the child executed and the connections', async () => {
    const cwd = workDir();
    const udp = createSocket('udp4');
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const udpPort = udp.address().port;
    try {
      const { summary, exit } = await runTraced(
        { file: process.execPath, args: [fixture, String(tcpPort), String(udpPort)] },
        cwd,
        traceDir,
      );
      expect(exit).toBe(0);
      const at = (name: string): string => join(cwd, name);
      expect(summary.filesCreated.items.sort()).toEqual([at('created.txt'), at('fresh.txt'), at('made-dir')]);
      expect(summary.filesRenamed.items).toEqual([`${at('created.txt')} → ${at('renamed.txt')}`]);
      expect(summary.filesDeleted.items).toEqual([at('doomed.txt')]);
      expect(summary.filesWritten.items.filter((path) => path.startsWith(cwd)).sort()).toEqual([
        at('created.txt'),
        at('existing.txt'),
        at('fresh.txt'),
      ]);
      expect(summary.filesRead.items).toContain(at('input.txt'));
      expect(summary.filesRead.items).not.toContain(at('existing.txt'));
      expect(summary.processes.items).toEqual([process.execPath, '/usr/bin/true']);
      expect(summary.connections.items).toEqual([`127.0.0.1:${tcpPort}`, `127.0.0.1:${udpPort}`]);
      expect(summary.processes.count).toBe(2);
    } finally {
      udp.close();
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('resolves relative paths against each process cwd, following cd', async () => {
    const cwd = workDir();
    try {
      const script =
        'mkdir -p sub/empty && cd sub && echo a > f1 && mv f1 f2 && rmdir empty && ln -s f2 link && cd .. && rm sub/link';
      const { summary } = await runTraced({ file: 'bash', args: ['-c', script] }, cwd, traceDir);
      const at = (name: string): string => join(cwd, name);
      expect(summary.filesCreated.items.sort()).toEqual([at('sub'), at('sub/empty'), at('sub/f1'), at('sub/link')].sort());
      expect(summary.filesRenamed.items).toEqual([`${at('sub/f1')} → ${at('sub/f2')}`]);
      expect(summary.filesDeleted.items.sort()).toEqual([at('sub/empty'), at('sub/link')]);
      expect(summary.processes.items.map((path) => path.split('/').pop())).toEqual(['bash', 'mkdir', 'mv', 'rmdir', 'ln', 'rm']);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('does not call an overwritten file created', async () => {
    const cwd = workDir();
    try {
      const { summary } = await runTraced(
        { file: 'bash', args: ['-c', 'echo x > existing.txt; echo y > brand-new.txt'] },
        cwd,
        traceDir,
      );
      expect(summary.filesWritten.items).toEqual([join(cwd, 'existing.txt'), join(cwd, 'brand-new.txt')]);
      expect(summary.filesCreated.items).toEqual([join(cwd, 'brand-new.txt')]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('does not call created a file made just before the run, within the clock tick of its trace start (20 runs)', async () => {
    const cwd = workDir();
    try {
      for (let i = 0; i < 20; i++) {
        const name = `made-just-before-${i}.txt`;
        writeFileSync(join(cwd, name), 'old');
        const { summary } = await runTraced({ file: 'bash', args: ['-c', `echo y > ${name}`] }, cwd, traceDir);
        expect(summary.filesWritten.items).toEqual([join(cwd, name)]);
        expect(summary.filesCreated.items).toEqual([]);
      }
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('caps each list but counts every entry', async () => {
    const cwd = workDir();
    try {
      const { traceFile } = await runTraced(
        { file: 'bash', args: ['-c', 'for i in $(seq 1 30); do echo > f$i; done'] },
        cwd,
        traceDir,
      );
      const summary = await summarizeTrace(traceFile, { cwd, maxListed: 5 });
      expect(summary.filesWritten.items).toHaveLength(5);
      expect(summary.filesWritten.count).toBe(30);
      expect(summary.filesCreated.count).toBe(30);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
