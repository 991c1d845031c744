// 200 runs spread over 4 containers, 8 at a time, against the same 200 run locally; and what a run over the
// Docker executor costs beyond a bare exec (the Engine API, the way tersh uses it) and the `docker exec` CLI.
//   npm run bench -- executor
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecordStore, dockerExecutor, run, type Executor } from '../src/index.js';
import { dockerTransport } from '../src/executor/docker/docker-transport.js';
import { dockerUnavailable, startDockerEngine } from '../test/executor/docker-engine.js';
import { spawnAndWait } from './timing.js';

const RUNS = 200;
const PARALLEL = 8;
const CONTAINERS = 4;
const CLI_RUNS = 40;

interface Figures {
  runsPerSecond: number;
  p50: number;
  p99: number;
}

async function measure(count: number, task: (index: number) => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const begun = performance.now();
      await task(index);
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { runsPerSecond: (count / elapsed) * 1000, p50: at(0.5), p99: at(0.99) };
}

function show(label: string, figures: Figures): void {
  console.log(
    `${label.padEnd(44)} ${figures.runsPerSecond.toFixed(1).padStart(7)} runs/s   p50 ${figures.p50.toFixed(0).padStart(5)} ms   p99 ${figures.p99.toFixed(0).padStart(5)} ms`,
  );
}

export default async function executorBench(): Promise<void> {
  const unavailable = dockerUnavailable();
  if (unavailable) {
    console.log(`skipped: ${unavailable}`);
    return;
  }
  const engine = await startDockerEngine();
  try {
    const containers = await Promise.all(
      Array.from({ length: CONTAINERS }, (_, index) => engine.startContainer(`tersh-bench-${index}`)),
    );
    const store = createRecordStore({ dir: mkdtempSync(join(tmpdir(), 'tersh-executor-bench-')) });
    const executors: Executor[] = containers.map((container) =>
      dockerExecutor({ container, docker: { socketPath: engine.socketPath } }),
    );
    const transports = containers.map((container) =>
      dockerTransport({ endpoint: { socketPath: engine.socketPath }, container, user: undefined, workdir: undefined }),
    );
    const command = 'echo hello; ls / >/dev/null';
    await Promise.all(executors.map((executor) => run(command, { executor, store })));

    const local = await measure(RUNS, () => run(command, { store }));
    const docker = await measure(RUNS, (index) => run(command, { executor: executors[index % CONTAINERS]!, store }));
    const bare = await measure(RUNS, (index) => transports[index % CONTAINERS]!.exec(['sh', '-c', command]));
    const env = { ...process.env, DOCKER_HOST: `unix://${engine.socketPath}` };
    const cli = await measure(CLI_RUNS, (index) =>
      spawnAndWaitWithEnv(['exec', containers[index % CONTAINERS]!, 'sh', '-c', command], env),
    );

    console.log(`${RUNS} runs of \`${command}\`, ${PARALLEL} at a time (${CONTAINERS} containers for Docker)`);
    show('run() locally', local);
    show('run() over dockerExecutor', docker);
    show('bare exec over the Engine API (no tersh)', bare);
    show(`\`docker exec\` CLI (${CLI_RUNS} runs)`, cli);
    console.log(`dockerExecutor vs local: ${(local.runsPerSecond / docker.runsPerSecond).toFixed(1)}x fewer runs/s`);
    console.log(
      `per-run overhead of tersh over a bare Engine API exec: p50 +${(docker.p50 - bare.p50).toFixed(0)} ms (${(docker.p50 / bare.p50).toFixed(2)}x)`,
    );
    console.log(`bare Engine API exec vs the docker CLI: p50 ${(cli.p50 / bare.p50).toFixed(2)}x faster`);
    await Promise.all([...executors.map((executor) => executor.close()), ...transports.map((transport) => transport.close())]);
  } finally {
    await engine.stop();
  }
}

function spawnAndWaitWithEnv(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const previous = process.env.DOCKER_HOST;
  process.env.DOCKER_HOST = env.DOCKER_HOST;
  const done = spawnAndWait('docker', args);
  if (previous === undefined) delete process.env.DOCKER_HOST;
  else process.env.DOCKER_HOST = previous;
  return done;
}
