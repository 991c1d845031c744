export { createJobManager } from './job-manager.js';
export type { JobInfo, JobLogs, JobLogsOptions, JobManager, JobManagerOptions, JobStatus } from './types.js';
export type { JobLine } from './types.js';
