// One fresh process of the cold-start bench (bench/cold-start.bench.ts): imports tersh, then either
// plans or runs one command, and prints what that first call cost as one JSON line.
//   node --import tsx bench/cold-start-probe.ts plan|run '<command>' <storeDir>
import { readFileSync } from 'node:fs';

/** CPU time of this thread (the main one), in ms, from the scheduler's own count. */
const mainThreadCpuMs = (): number => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;

const [mode, command, storeDir] = process.argv.slice(2) as [string, string, string];
const importStarted = performance.now();
const { createRecordStore, plan, run } = await import('../src/index.js');
const importMs = performance.now() - importStarted;
const store = createRecordStore({ dir: storeDir });

const cpuBefore = mainThreadCpuMs();
const started = performance.now();
const result = mode === 'plan' ? await plan(command) : await run(command, { store });
const wallMs = performance.now() - started;
const mainCpuMs = mainThreadCpuMs() - cpuBefore;
const reportedMs = 'ms' in result ? result.ms : undefined;
// No timer runs meanwhile: the stall shows only while the event loop has nothing else to do.
console.log(JSON.stringify({ importMs, wallMs, mainCpuMs, reportedMs }));
