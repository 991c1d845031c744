import { TershError } from '../errors.js';
import type { JobHost } from './job-host.js';

let factory: (() => JobHost) | undefined;
let shared: JobHost | undefined;

/** Lets the jobs module provide the per-process default job manager without an import cycle. */
export function registerDefaultJobHost(create: () => JobHost): void {
  factory = create;
}

export function defaultJobHost(): JobHost {
  if (!shared) {
    if (!factory) throw new TershError('JOB_NOT_FOUND', 'Background runs need a job manager: pass `jobs` (createJobManager()) or use createShell()');
    shared = factory();
  }
  return shared;
}
