import { TershError } from '../errors.js';
import type { AdoptedProcess, JobAdopter } from './job-host.js';
import type { RecordStore } from '../store/index.js';
import { invalid } from '../validate.js';
import { Job } from './job.js';
import { readJobLogs } from './logs.js';
import { jobLines } from './lines.js';
import {
  jobNotFound,
  newJobId,
  normalizeLogsOptions,
  normalizeManagerOptions,
  validateJobId,
  validateSignal,
} from './options.js';
import type { JobInfo, JobManager, JobManagerOptions } from './types.js';

const KEEP_FINISHED_JOBS = 100;

interface Entry {
  job: Job;
  store: RecordStore;
}

/**
 * Creates a job manager: pass it to `run()` as `jobs`, or use a shell's `jobs`.
 * Its live jobs are killed by `close()`, and when the host exits or dies, as every run tersh starts (unless `detached`).
 */
export function createJobManager(options?: JobManagerOptions): JobManager {
  return createJobAdopter(options);
}

/** The job manager with what run() calls on it to hand a process over. */
export function createJobAdopter(options?: JobManagerOptions): JobManager & JobAdopter {
  const settings = normalizeManagerOptions(options);
  const entries = new Map<string, Entry>();
  let closed = false;

  const liveJobs = (): Job[] => [...entries.values()].map((entry) => entry.job).filter((job) => job.isLive);
  const find = (jobId: unknown): Entry => {
    const id = validateJobId(jobId);
    const entry = entries.get(id);
    if (!entry) throw jobNotFound(id);
    return entry;
  };

  const forgetOldFinished = (): void => {
    const finished = [...entries.values()].filter((entry) => !entry.job.isLive);
    for (const entry of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED_JOBS))) entries.delete(entry.job.id);
  };

  const manager: JobManager & JobAdopter = {
    defaultLifetimeMs: settings.defaultLifetimeMs,

    ensureCapacity() {
      if (closed) throw new TershError('SHELL_CLOSED', 'This job manager is closed; create a new one to start background jobs.');
      const count = liveJobs().length;
      if (count >= settings.maxJobs) {
        throw new TershError(
          'JOB_LIMIT',
          `Already ${count} live background jobs (maxJobs is ${settings.maxJobs}): wait for one to finish (logs(jobId, { waitUntilExit: true })) or stop one (cancel(jobId)) first.`,
          { details: { live: count, maxJobs: settings.maxJobs, jobIds: liveJobs().map((job) => job.id) } },
        );
      }
    },

    adopt(adopted: AdoptedProcess) {
      const job = new Job(newJobId(), adopted, settings.defaultLifetimeMs);
      // The run's own store holds the record, whatever the manager's default is.
      const store = adopted.store;
      entries.set(job.id, { job, store });
      void job.finished.then(forgetOldFinished);
      // The process already runs: a closed manager still takes it, only to stop it.
      if (closed && !job.detached) void job.cancel();
      return job.id;
    },

    async logs(jobId, logsOptions) {
      const entry = find(jobId);
      return readJobLogs(entry.job, entry.store, normalizeLogsOptions(logsOptions, settings.maxWaitMs));
    },

    lines(jobId) {
      find(jobId);
      return jobLines((logsOptions) => manager.logs(jobId, logsOptions), settings.maxWaitMs);
    },

    signal(jobId, signal) {
      const entry = find(jobId);
      return entry.job.signal(validateSignal(signal));
    },

    async cancel(jobId) {
      const { job } = find(jobId);
      await job.cancel();
      return job.info();
    },

    async write(jobId, data) {
      const { job } = find(jobId);
      if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
        throw invalid('data', 'a string or a Uint8Array', data);
      }
      return job.write(data);
    },

    closeStdin(jobId) {
      find(jobId).job.closeStdin();
    },

    list(): JobInfo[] {
      return [...entries.values()].map((entry) => entry.job.info());
    },

    get(jobId) {
      return find(jobId).job.info();
    },

    async close() {
      closed = true;
      await Promise.all(
        liveJobs()
          .filter((job) => !job.detached)
          .map((job) => job.cancel()),
      );
    },
  };
  return manager;
}
