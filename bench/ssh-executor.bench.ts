// The SSH executor against a real sshd on 127.0.0.1: 200 runs of `true`, 8 at a time, through run() over SSH
// and through run() locally (runs/s, p50/p99 per run); and the cost of one command over SSH by client: an exec
// channel on the executor's pooled ssh2 connection, the OpenSSH client with a fresh connection (`ssh host true`),
// and the OpenSSH client multiplexed on a ControlMaster.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecordStore, run } from '../src/index.js';
import { createSshExecutor } from '../src/executor/ssh/ssh-executor.js';
import { startSshd, type Sshd } from '../test/fixtures/sshd.js';
import { medianMs } from './timing.js';

const RUNS = 200;
const CONCURRENCY = 8;
const CLIENT_SAMPLES = 30;

function openssh(sshd: Sshd, extra: string[], command: string[]): Promise<void> {
  const args = [
    '-i',
    sshd.privateKeyPath,
    '-o',
    `UserKnownHostsFile=${sshd.knownHostsPath}`,
    '-o',
    'StrictHostKeyChecking=yes',
    '-o',
    'BatchMode=yes',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('ssh', [...args, ...extra, '-p', String(sshd.port), `${sshd.user}@${sshd.host}`, ...command], {
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ssh exited ${code}`))));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function pooled(label: string, task: () => Promise<unknown>): Promise<{ perSecond: number; p50: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < RUNS) {
        next += 1;
        const t = performance.now();
        await task();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const perSecond = RUNS / seconds;
  console.log(
    `  ${label.padEnd(34)} ${perSecond.toFixed(1).padStart(6)} runs/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  return { perSecond, p50: percentile(latencies, 50) };
}

async function medianOf(label: string, task: () => Promise<unknown>): Promise<number> {
  const median = await medianMs(CLIENT_SAMPLES, task);
  console.log(`  ${label.padEnd(34)} ${median.toFixed(1).padStart(6)} ms (median of ${CLIENT_SAMPLES})`);
  return median;
}

export default async function bench(): Promise<void> {
  const sshd = await startSshd();
  const storeDir = mkdtempSync(join(tmpdir(), 'tersh-bench-ssh-'));
  const store = createRecordStore({ dir: storeDir });
  const { executor, transport } = createSshExecutor({
    host: sshd.host,
    port: sshd.port,
    user: sshd.user,
    privateKey: sshd.privateKey,
    knownHosts: sshd.knownHosts,
  });
  const cwd = sshd.workdir();
  const controlPath = join(sshd.dir, 'mux-%p');
  try {
    console.log(`${RUNS} runs of \`true\`, ${CONCURRENCY} at a time`);
    const local = await pooled("run('true') locally", () => run('true', { store }));
    const remote = await pooled("run('true', { executor: ssh })", () => run('true', { store, executor, cwd }));
    console.log(
      `  → ssh/local: ${(local.perSecond / remote.perSecond).toFixed(1)}× the time per run; ${executor.name} kept ${transport.pool.openConnections.length} connection(s)`,
    );

    console.log('one command over SSH, sequential');
    const fresh = await medianOf('ssh host true (OpenSSH, fresh)', () => openssh(sshd, [], ['true']));
    await openssh(
      sshd,
      ['-o', 'ControlMaster=yes', '-o', `ControlPath=${controlPath}`, '-o', 'ControlPersist=60', '-f', '-N'],
      [],
    );
    const mux = await medianOf('ssh host true (OpenSSH, ControlMaster)', () =>
      openssh(sshd, ['-o', `ControlPath=${controlPath}`], ['true']),
    );
    const channel = await medianOf('exec channel (ssh2, pooled)', () => executor.exec(['true']));
    const tersh = await medianOf("run('true', { executor: ssh })", () => run('true', { store, executor, cwd }));
    const here = await medianOf("run('true') locally", () => run('true', { store }));
    console.log(
      `  → run() over SSH takes ${(tersh / fresh).toFixed(2)}× a fresh \`ssh host true\`, ${(tersh / mux).toFixed(2)}× a ControlMaster one, ${(tersh / here).toFixed(1)}× run() locally`,
    );
    console.log(
      `    (${(tersh - channel).toFixed(1)} ms over its own channel: the wrapper's start and the leftover scan over there)`,
    );
    console.log(
      `  → a pooled ssh2 channel is ${(fresh / channel).toFixed(1)}× faster than a fresh OpenSSH connection, ${(mux / channel).toFixed(1)}× than a ControlMaster one`,
    );
    await openssh(sshd, ['-o', `ControlPath=${controlPath}`, '-O', 'exit'], []).catch(() => undefined);
  } finally {
    await executor.close();
    await sshd.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}
