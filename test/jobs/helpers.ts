import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { JobManager, JobManagerOptions } from '../../src/jobs/index.js';
import { createJobAdopter } from '../../src/jobs/job-manager.js';
import type { JobAdopter } from '../../src/jobs/job-host.js';
import { createRecordStore, type RecordStore } from '../../src/store/index.js';

export interface JobsFixture {
  store: RecordStore;
  /** The manager, with what run() calls on it (`ensureCapacity`, `adopt`) for tests of those. */
  jobs: JobManager & JobAdopter;
  dir: string;
}

/** A fresh store and job manager per test, closed afterwards. */
export function useJobs(options: Omit<JobManagerOptions, 'store'> = {}): () => JobsFixture {
  let current: JobsFixture | undefined;
  afterEach(async () => {
    if (!current) return;
    await current.jobs.close();
    rmSync(current.dir, { recursive: true, force: true });
    current = undefined;
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'tersh-jobs-test-'));
    const store = createRecordStore({ dir });
    current = { store, jobs: createJobAdopter({ ...options }), dir };
    return current;
  };
}

/** True while `pid` is a live, non-zombie process. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** Polls `logs` (waiting in the library, woken by the change of phase) until the job reports orphans or ends. */
export async function orphansOf(jobs: JobManager, jobId: string, ms = 5_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  let stdoutOffset = 0;
  let stderrOffset = 0;
  while (Date.now() < deadline) {
    const logs = await jobs.logs(jobId, { stdoutOffset, stderrOffset, waitMs: 1_000 });
    if (logs.orphans) return logs.orphans;
    if (logs.status !== 'running') return [];
    stdoutOffset = logs.nextStdoutOffset;
    stderrOffset = logs.nextStderrOffset;
  }
  return [];
}
