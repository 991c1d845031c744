import { createJobManager } from '../jobs/index.js';
import type { JobHost } from '../jobs/job-host.js';

let shared: JobHost | undefined;

/** The job manager used when a run names none: one per process, created on first use. */
export function defaultJobHost(): JobHost {
  shared ??= createJobManager();
  return shared;
}
