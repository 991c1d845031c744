// What nothing-outlives-the-host and exact exit statuses cost per run over SSH (a real sshd on 127.0.0.1), in one
// run: run() of `true` with the session watchdog (the executor as shipped) against the same executor whose
// transport lists no run with it (each run then has its lifeline only), and a bare exec channel for reference;
// then how late the end of a longer run is reported (the witness polls for the command's end: 5 ms doubling to 100 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecordStore, run, type Executor } from '../src/index.js';
import { createRemoteExecutor } from '../src/executor/remote-executor.js';
import { createSshExecutor } from '../src/executor/ssh/ssh-executor.js';
import type { TargetTransport } from '../src/executor/types.js';
import { startSshd } from '../test/fixtures/sshd.js';
import { medianMs } from './timing.js';

const SAMPLES = 30;

async function median(label: string, task: () => Promise<unknown>): Promise<number> {
  const middle = await medianMs(SAMPLES, task);
  console.log(`  ${label.padEnd(46)} ${middle.toFixed(1).padStart(7)} ms (median of ${SAMPLES})`);
  return middle;
}

export default async function bench(): Promise<void> {
  const sshd = await startSshd();
  const storeDir = mkdtempSync(join(tmpdir(), 'tersh-bench-watchdog-'));
  const options = { host: sshd.host, port: sshd.port, user: sshd.user, privateKey: sshd.privateKey, knownHosts: sshd.knownHosts };
  const { executor, transport } = createSshExecutor(options);
  const unlisted: TargetTransport = {
    name: transport.name,
    open: (argv) => transport.open(argv),
    exec: (argv, execOptions) => transport.exec(argv, execOptions),
    close: () => transport.close(),
  };
  const withoutWatchdog: Executor = createRemoteExecutor('ssh', unlisted);
  const store = createRecordStore({ dir: storeDir });
  const cwd = sshd.workdir();
  try {
    const watched = await median('run(`true`) over SSH, session watchdog', () => run('true', { executor, store, cwd }));
    const lifeline = await median('run(`true`) over SSH, lifeline only', () =>
      run('true', { executor: withoutWatchdog, store, cwd }),
    );
    const bare = await median('bare exec channel `true` (no wrapper)', () => transport.exec(['true']));
    console.log(
      `  session watchdog per run: ${(watched - lifeline).toFixed(1)} ms (${(watched / lifeline).toFixed(2)}x lifeline only)`,
    );
    console.log(`  wrapper and run() over a bare channel: ${(watched / bare).toFixed(2)}x`);
    const quick = await median('run(`sleep 0.01`) over SSH', () =>
      run('sleep 0.01', { executor, store, cwd, allowIdleSleep: true }),
    );
    const long = await median('run(`sleep 1`) over SSH', () => run('sleep 1', { executor, store, cwd, allowIdleSleep: true }));
    console.log(
      `  end of a 1 s run reported ${(long - 1000 - (quick - 10)).toFixed(1)} ms later than a 10 ms run's (witness polling)`,
    );
  } finally {
    await executor.close();
    await withoutWatchdog.close();
    rmSync(storeDir, { recursive: true, force: true });
    await sshd.stop();
  }
}
