import { createJobManager } from '../jobs/index.js';
import type { JobHost } from './job-host.js';

let factory: (() => JobHost) | undefined;
let shared: JobHost | undefined;

/** Replaces the factory of the per-process default job manager (before its first use). */
export function registerDefaultJobHost(create: () => JobHost): void {
  factory = create;
}

/** The job manager used when a run names none: one per process, created on first use. */
export function defaultJobHost(): JobHost {
  shared ??= factory ? factory() : createJobManager();
  return shared;
}
