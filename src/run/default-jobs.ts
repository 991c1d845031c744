import { createJobAdopter } from '../jobs/job-manager.js';
import type { JobManager } from '../jobs/index.js';
import type { JobAdopter } from '../jobs/job-host.js';

let shared: (JobManager & JobAdopter) | undefined;

/** The job manager used when a run names none: one per process, created on first use. */
export function defaultJobHost(): JobManager & JobAdopter {
  shared ??= createJobAdopter();
  return shared;
}
